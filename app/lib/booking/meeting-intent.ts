import { keywordsPattern, keywordTest, normalizeText } from "~/lib/keyword-match";

/**
 * A wish to meet (decisions 047, 069), told from a question about the meeting ("hur lång är den?"):
 * the forms of a request and of a question are weighed, and a tie is a question.
 */

/** Words that name a meeting, a call or getting started. */
const MEET = [
  ...["ses", "ses över", "träffas", "träffa*", "höras", "snack", "snacka", "fika", "kaffe", "prata med*"],
  ...["möte*", "videomöte*", "teamsmöte*", "telefonmöte*", "genomgång*", "15-minuters*", "videosamtal*", "samtal"],
  ...["boka", "bokar", "bokat", "bokas", "bokad*", "bokning*", "boka in", "en tid", "ledig tid", "lediga tider"],
  ...["har ni tid", "har ni någon tid", "har ni nån tid", "demo av", "ha en demo", "få en demo", "se en demo"],
  ...["igång", "i gång", "gå vidare", "går vi vidare", "nästa steg", "offert*", "prata i telefon", "prata på telefon"],
  ...["meet", "meeting*", "sit down", "catch up", "call", "a call", "book", "booking", "schedule*", "talk"],
  ...["get started", "kick off", "next step*"],
];
/** A wish to be called: the times are for a call back. */
const CALL_BACK = [
  ...["ring mig", "ring mej", "ring oss", "ringa mig", "ringa mej", "ringa oss", "ringer mig", "ringer mej"],
  ...["ringer oss", "ni ringa", "ni ringer", "du ringa", "nån ringa", "någon ringa", "ringer ni upp", "ringer ni mig"],
  ...["ringer ni mej", "ring upp", "ringa upp", "ringer upp", "uppringd", "ring tillbaka", "ringa tillbaka"],
  ...["slå en signal", "call me", "call us", "give me a call", "give us a call", "phone me", "ring me"],
];
/** With a wish, a call rather than a video meeting. */
const PHONE = ["telefon*", "samtal", "call me", "call us", "phone*"];
const VIDEO = ["videosamtal*", "videomöte*", "teamsmöte*"];
/** The meeting itself, of which a question may ask (not getting started, nor a call in general). */
const MEETING = [
  ...["möte*", "videomöte*", "teamsmöte*", "telefonmöte*", "genomgång*", "15-minuters*", "videosamtal*"],
  ...["boka", "bokar", "bokat", "bokas", "bokad*", "bokning*", "en tid", "meeting*", "book", "booking"],
];

/** The words of a wished time, in the server's spelling (server/booking/rules/wish.mjs), or none. */
const WHEN: [said: string, words: string[]][] = [
  ["idag", ["idag", "i dag", "today"]],
  ["imorgon", ["imorgon", "i morgon", "imorgn", "i morgn", "imorn", "i morn", "tomorrow"]],
  ["övermorgon", ["övermorgon", "i övermorgon"]],
  ["måndag", ["måndag", "måndagen", "monday"]],
  ["tisdag", ["tisdag", "tisdagen", "tisda", "tuesday"]],
  ["onsdag", ["onsdag", "onsdagen", "onsda", "wednesday"]],
  ["torsdag", ["torsdag", "torsdagen", "torsda", "thursday"]],
  ["fredag", ["fredag", "fredagen", "freda", "friday"]],
  ["nästa vecka", ["nästa vecka", "next week"]],
  ["förmiddag", ["förmiddag*", "förmiddan", "före lunch", "morning"]],
  ["eftermiddag", ["eftermiddag*", "eftermiddan", "efter lunch", "afternoon"]],
  ["", ["den här veckan", "denna vecka", "i veckan", "this week", "snarast", "asap", "så fort som möjligt"]],
];
const WHEN_WORDS = WHEN.flatMap(([, words]) => words);

/** Questions about the meeting, by weight: changing a booking; what it is, gives or needs; its cost. */
const ABOUT: [weight: number, words: string[]][] = [
  [4, ["avbok*", "boka om", "omboka*", "flytta*", "ändra*", "cancel*", "reschedul*", "move my", "change my"]],
  [
    3,
    [
      ...["hur lång*", "hur länge", "hur många", "hur mycket", "hur fungerar", "hur funkar", "vad händer", "vad ingår"],
      ...["ingår", "handlar om", "vem", "vilka", "måste", "behöver jag", "behöver man", "behöver vi", "behöver ni"],
      ...["förbere*", "inför", "inspel*", "outlook", "kalender*", "inbjudan", "inbjudning*", "bekräftelse*"],
      ...["påminnelse*", "länk*", "rättslig*", "laglig*", "gdpr", "personuppgift*", "sparar ni", "sparas", "lagra*"],
      ...["bindningstid", "bunden", "binder", "berätta*", "förklara*", "beskriv*", "veta", "undrar", "utan"],
      ...["med emma", "how long", "how many", "how much", "what happens", "who", "must i", "do i need"],
      ...["do i have to", "prepar*", "invit*", "calendar", "link", "record*", "tell me about", "explain"],
      ...["without", "with emma", "to emma", "bokningssystem*", "integrer*", "crm", "i demo*", "demon", "demot"],
    ],
  ],
  [
    2,
    [
      ...["kostar", "kostnad", "kostnaden", "kostnader", "gratis", "betala*", "avgift*", "pris*", "free", "cost*"],
      ...["price*", "pay"],
    ],
  ],
  [
    1,
    [
      ...["vad", "vilken", "vilket", "var", "varför", "kostnadsfri*", "what", "which", "where", "why", "does"],
      // Someone else's wish, the product's case ("om en patient vill prata med en människa…").
      ...["om en", "om ett", "om kunden", "om kunder", "om patienten", "om nån", "om någon", "om folk"],
      ...["if a", "if the"],
    ],
  ],
];

const L = "[\\p{L}\\p{N}]";
const B = `(?<!${L})`;
const E = `(?!${L})`;
const re = (source: string, flags = "u") => new RegExp(source, flags);
/** Where a list's keywords match in a text: the start of each match. */
const starts = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].map((m) => m.index);
/** Whether a match of `head` is followed, within `words` words of its clause, by one at `at`. */
function followed(text: string, head: RegExp, words: number, at: readonly number[]): boolean {
  return [...text.matchAll(head)].some((m) => {
    const end = m.index + m[0].length;
    return at.some((start) => {
      if (start <= m.index) return false;
      const between = text.slice(end, Math.max(start, end));
      return !/[^\p{L}\p{N}\s'’:-]/u.test(between) && between.split(/\s+/).filter(Boolean).length <= words;
    });
  });
}

/** A modal and a subject, or a wish, a few words before a meeting word ("kan vi ta ett kort möte"). */
const ASKING: [head: RegExp, words: number][] = [
  [
    re(
      `${B}(?:kan|kunde|skulle|får|could|can|shall|may|would)\\s+(?:vi|ni|du|någon|nån|we|you|someone|somebody)${E}`,
      "gu",
    ),
    3,
  ],
  [re(`${B}(?:ni|du|någon|nån)\\s+(?:kan|får|skulle kunna)${E}`, "gu"), 2],
  [re(`(?:^\\W*|${B}(?:jag|vi)\\s+(?:${L}+\\s+)?)(?:vill|ville|önskar|skulle vilja|vore|tänkte|hoppas)${E}`, "gu"), 3],
  [re(`${B}(?:(?:i|we)(?:'d|’d| would)? (?:like|love|want|need)(?: to)?|wanna)${E}`, "gu"), 3],
];
/** Requests that need no meeting word after them: an imperative, asking when or how to book. */
const REQUEST = [
  re(`^\\W*(?:(?:ja|jo|gärna|ok|okej|yes)\\W+)?(?:boka|ring|ringa|book|schedule|call|låt oss|let's|lets)${E}`),
  re(`${B}(?:när|when)\\s+(?:kan|passar|har|går|could|can|are|is)${E}`),
  re(`${B}hur\\s+(?:gör|bokar|drar|kommer|sätter|kör|går|startar)\\s+(?:jag|man|vi)${E}(?!\\s+(?:om|till)${E})`),
  re(`${B}(?:var|vart|where)\\s+(?:bokar|book|do i book)(?:\\s+(?:jag|man|vi|i|we))?${E}`),
  re(`${B}how\\s+(?:do|can|could)\\s+(?:i|we)\\s+(?:book|schedule|meet|get started|start)${E}`),
];
const BUYING = ["passar det", "redo att", "ready to", "vill köra", "köra på det", "sign up", "nästa steg"];
const BUYING_EN = ["next step*"];
/** Requests that name no meeting but mean one (weight 2): a time that suits, "hur startar vi?". */
const SUITS = ["passar", "funkar", "fungerar", "går bra", "går fint", "works", "suits"];
const CLOCK = re(`${B}(?:kl\\.?|klockan)\\s*\\d|(?<!\\d)\\d{1,2}[:.]\\d{2}(?!\\d)`);
const STARTING = ["are you free", "are you available", "vad sägs om", "how about"];
const HOW_TO_START = re(`${B}hur\\s+(?:startar|börjar)\\s+(?:vi|jag|man)${E}`);
/** Asking to be let in (weight 1): "kan jag boka…?", "går det att…?" are often questions about it. */
const MAY = ["kan jag", "kan man", "får jag", "får man", "kunde jag", "går det att", "can i", "may i", "could i"];
/** The product is the subject ("kan röstagenten boka möten?"): a question about it (weight 3). */
const PRODUCT_VERB = re(
  `${B}(?:kan|klarar|bokar|ringer|svarar|hanterar|sköter|fungerar|funkar|föreslår|föreslog|can|does|will)(?:\\s+(?:den|er|ert|era|vår|the|your))?${E}`,
  "gu",
);
const PRODUCT = [
  ...["röstagent*", "chattbot*", "chatbot*", "chattassistent*", "assistent*", "agent*", "ai", "ai:n", "emma"],
  ...["bot*", "voice agent*", "assistant*"],
];
/** A yes/no question about it, as a clause begins (weight 1): "är mötet gratis?", not "…hur lång är mötet". */
const YES_NO = re(`(?:^|[.!?,;]\\s*)(?:är|blir|is|will)\\s+(?:det|den|mötet|genomgången|bokningen|it|the)${E}`);
/** "spelar ni in mötet?", "hur går mötet till?" */
const ABOUT_FORMS = re(`${B}spela${L}*(?:\\s+(?:ni|vi|man|den|det))?\\s+in${E}|${B}hur\\s+går\\s+${L}+\\s+till${E}`);

export interface MeetingIntent {
  kind: "video" | "phone";
  /** The wished time's words as the server reads them, e.g. "imorgon förmiddag", or "". */
  when: string;
}

const names = {
  topic: keywordsPattern([...MEET, ...CALL_BACK], "gu"),
  callBack: keywordTest([...CALL_BACK, ...PHONE]),
  video: keywordTest(VIDEO),
  meeting: keywordTest(MEETING),
  when: keywordTest(WHEN_WORDS),
  suits: keywordTest(SUITS),
  starting: keywordTest(STARTING),
  buying: keywordTest([...BUYING, ...BUYING_EN]),
  may: keywordTest(MAY),
  product: keywordsPattern(PRODUCT, "gu"),
};
const aboutTests = ABOUT.map(([weight, keywords]) => [weight, keywordTest(keywords)] as const);
const whenSaid = WHEN.flatMap(([said, words]) => (said ? [[said, keywordTest(words)] as const] : []));

/** What a message says of a meeting: whether it names one, and how much it asks for or about it. */
function weigh(message: string) {
  const text = normalizeText(message)
    .replace(/\s+/g, " ")
    .replace(/good morning/g, "");
  const when = names.when(text);
  // A time with "passar" or a clock is a proposal; "passar det för små företag?" is not.
  const proposal = ((names.suits(text) || CLOCK.test(text)) && when) || names.starting(text) || HOW_TO_START.test(text);
  const topics = starts(names.topic, text);
  if (!proposal && !topics.length) return { topic: false, wish: 0, about: 0 };
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
  const request =
    ASKING.some(([head, n]) => followed(text, head, n, topics)) ||
    REQUEST.some((r) => r.test(text)) ||
    names.buying(text);
  const asked = request ? 3 : proposal ? 2 : names.may(text) ? 1 : words <= 4 ? 0.5 : 0;
  const product = followed(text, PRODUCT_VERB, 0, starts(names.product, text));
  const asking = aboutTests.reduce((sum, [weight, test]) => sum + (test(text) ? weight : 0), 0);
  const forms = (product || ABOUT_FORMS.test(text) ? 3 : 0) + (YES_NO.test(text) ? 1 : 0);
  return { topic: true, wish: asked + (when ? 1 : 0), about: asking + forms };
}

/** The wished time's words, in the server's spelling ("imorgn efter lunch": "imorgon eftermiddag"). */
export function wishedTime(message: string): string {
  const text = normalizeText(message).replace(/good morning/g, "");
  return whenSaid.flatMap(([said, test]) => (test(text) ? [said] : [])).join(" ");
}

/** A wish to meet or to be called, with the wished time; null for anything else. */
export function meetingIntent(message: string): MeetingIntent | null {
  const { topic, wish, about } = weigh(message);
  if (!topic || wish <= about) return null;
  const phone = names.callBack(message) && !names.video(message);
  return { kind: phone ? "phone" : "video", when: wishedTime(message) };
}

/** A question about the meeting (what it is, costs or gives): answered, never with times. */
export function asksAboutMeeting(message: string): boolean {
  const { topic, wish, about } = weigh(message);
  return topic && about > 0 && wish <= about && names.meeting(message);
}
