import { keywordsPattern, keywordTest, normalizeText } from "~/lib/keyword-match";
import { TRIGGER_WORDS } from "./trigger-words";

/**
 * A yes to being contacted (decision 069): the spec's trigger words, other ways of saying yes, and
 * asking to be contacted ("hör av er till mig"). Keywords match at word starts (decision 013).
 */
const CONSENT = [
  ...TRIGGER_WORDS,
  ...["hör av*", "höra av*", "hör gärna av*", "maila", "mejla", "mailar", "mejlar", "e-posta", "nå mig", "nå oss"],
  ...["japp", "jepp", "jo", "visst", "absolut", "självklart", "kör", "kör på", "yes", "yep", "yeah", "sure"],
  ...["contact*", "get in touch", "reach out", "reach me", "email me", "mail me", "send me"],
];
/** Words that go with a yes and ask nothing ("ok, hör av er till mig på mejl imorgon"). */
const ALONGSIDE = [
  ...["jaa", "jaaa", "jadå", "javisst", "ok", "okej", "okey", "okay", "oki", "toppen", "perfekt", "låter bra"],
  ...["gör det", "gör så", "mejl", "mail", "e-post", "epost", "email", "imorgon", "i morgon", "idag", "i dag"],
  ...["snart", "senare", "nästa vecka", "sounds good", "great", "please", "do it", "by", "via", "me", "us"],
  ...["tomorrow", "today", "soon", "later"],
];
/** Without the knowledge, what else may be left: words that name no topic. */
const FILLERS = new Set(
  "jag vi ni du man mig mej oss er dig till på men tack så det bara då nu mer mera om och kan får vill är bli blir gärna mycket hemskt you we i to a an the more and can at on".split(
    " ",
  ),
);
const NEGATION = ["inte", "ej", "nej", "nä", "no", "not", "don't", "dont", "aldrig", "never"];
const QUESTION = ["hur", "vad", "var", "vart", "när", "vilken", "vilket", "vilka", "varför"];
const QUESTION_EN = ["how", "what", "where", "when", "which", "why"];
const ADDRESS = /\S+@\S+|\+?\d[\d\s-]{5,}\d/gu;
const saysYes = keywordTest(CONSENT);
const saysNoOrAsks = keywordTest([...NEGATION, ...QUESTION, ...QUESTION_EN]);
const yesWords = keywordsPattern([...CONSENT, ...ALONGSIDE], "gu");

/**
 * A message that only says yes or asks to be contacted: nothing in it is left to answer (the
 * knowledge finds no topic in the rest; without it, only fillers are left). A no or a question is
 * never one ("hur kontaktar jag er?" asks for the address).
 */
export function onlyAsksForContact(message: string, knowledge: { hasTopic(text: string): boolean } | null): boolean {
  if (!saysYes(message) || saysNoOrAsks(message)) return false;
  const rest = normalizeText(message.replace(ADDRESS, " ")).replace(yesWords, " ");
  if (knowledge) return !knowledge.hasTopic(rest);
  return rest.split(/[^\p{L}\p{N}-]+/u).every((w) => !w || FILLERS.has(w));
}
