import { personWords } from "~/content/takeover";

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .split(/\s+/)
    .filter(Boolean);

const phraseAt = (list: string[], i: number, phrase: string) => {
  const parts = phrase.split(" ");
  return parts.every((p, k) => list[i + k] === p);
};

/**
 * Whether a message asks to talk to a person ("kan jag prata med en människa?", "talk to a human"),
 * not about people ("är ni riktiga människor bakom Emma?") nor refusing one.
 */
export function asksForPerson(text: string): boolean {
  const list = words(text);
  if (!list.length || list.length > 20) return false;
  const isPerson = (w: string) => (personWords.people as readonly string[]).includes(w);
  if (list.some((w) => (personWords.notAWish as readonly string[]).includes(w))) return false;
  // A verb of reaching, then a person within the next few words: "prata med en riktig säljare".
  for (let i = 0; i < list.length; i++) {
    const verb = personWords.reach.find((v) => phraseAt(list, i, v));
    if (!verb) continue;
    const from = i + verb.split(" ").length;
    const someone = (k: number) =>
      isPerson(list[k]!) && !(personWords.timeNouns as readonly string[]).includes(list[k + 1] ?? "");
    for (let k = from; k < Math.min(list.length, from + 5); k++) if (someone(k)) return true;
  }
  // A short call for one: "säljare", "en människa tack", "human please", "riktig person?".
  if (list.length > 5 || (personWords.questionStarts as readonly string[]).includes(list[0]!)) return false;
  const rest = list.filter((w) => !(personWords.filler as readonly string[]).includes(w));
  const named = list.filter((w) => isPerson(w) && w !== "någon" && w !== "nån" && w !== "someone" && w !== "somebody");
  return named.length > 0 && rest.every(isPerson);
}
