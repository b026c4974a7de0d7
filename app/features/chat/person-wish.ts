import { personWords } from "~/content/takeover";

type WordList = readonly string[];

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .split(/\s+/)
    .filter(Boolean);

/** Where each phrase of `list` starts in `tokens` (a phrase may be several words). */
function positions(tokens: string[], list: WordList): number[] {
  const found: number[] = [];
  for (let i = 0; i < tokens.length; i++)
    if (list.some((phrase) => phrase.split(" ").every((part, k) => tokens[i + k] === part))) found.push(i);
  return found;
}

/** Indexes of the people asked for: a person noun, or "nån" beside a mark ("nån på riktigt"), never a time. */
function people(tokens: string[]): number[] {
  const { people: nouns, someone, someoneMarks, timeNouns } = personWords;
  const found: number[] = [];
  tokens.forEach((w, i) => {
    const next = tokens[i + 1] ?? "";
    if ((timeNouns as WordList).includes(next)) return;
    if ((nouns as WordList).includes(w)) found.push(i);
    else if (
      (someone as WordList).includes(w) &&
      [next, tokens[i + 2] ?? ""].some((m) => (someoneMarks as WordList).includes(m))
    )
      found.push(i);
  });
  return found;
}

/**
 * Whether a message asks to talk to a person ("kan jag prata med en människa?", "get me a human"),
 * not about people ("är ni riktiga människor bakom Emma?"), the visitor's own staff, nor a refusal.
 */
export function asksForPerson(text: string): boolean {
  const tokens = words(text);
  if (!tokens.length || tokens.length > 30) return false;
  const who = people(tokens);
  const negations = positions(tokens, personWords.notAWish).filter(
    (n) =>
      n > 0 ||
      !(personWords.answers as WordList).includes(tokens[0]!) ||
      (personWords.declineMarks as WordList).includes(tokens[1] ?? ""),
  );
  const bots = positions(tokens, personWords.bot);
  // "jag vill inte chatta med en robot", "this bot is useless": the bot refused is a person wished for.
  const refusesBot = bots.length > 0 && (negations.length > 0 || /useless|värdelös|fattar|förstår inte|dum/.test(text));
  if (!who.length) return refusesBot && positions(tokens, personWords.reach).length > 0;
  if (positions(tokens, personWords.own).some((i) => who.some((p) => p > i && p - i <= 3))) return false;
  // A refusal before the person ("vill inte prata med någon"), unless what is refused is the bot.
  if (negations.some((n) => who.some((p) => p > n)) && !refusesBot) return false;
  const reach = positions(tokens, personWords.reach);
  const now = positions(tokens, personWords.now).length > 0;
  const asked = reach.some((r) => who.some((p) => p > r && p - r <= 8));
  if ((personWords.questionStarts as WordList).includes(tokens[0]!) && !now && !asked) return false;
  if (asked || refusesBot) return true;
  if (now && (personWords.questionStarts as WordList).includes(tokens[0]!)) return true;
  // A short call for one: "säljare", "en människa tack", "human please", "riktig person?".
  const rest = tokens.filter((w, i) => !who.includes(i) && !(personWords.filler as WordList).includes(w));
  return tokens.length <= 6 && rest.length <= 1 && !(personWords.questionStarts as WordList).includes(tokens[0]!);
}
