// What the server writes of a live takeover (server/takeover/, via build/forms.json): the inbox lead of a
// conversation nobody took, and the transcript a visitor asks to have mailed.
import { site } from "~/config/site";

export const takeoverMailCopy = {
  /** Who said a line, in the lead's and the mail's transcript; an agent's line is "{name} (Nordlys AI)". */
  speakers: { visitor: "Besökare", emma: "Emma", agent: `{name} (${site.name})`, system: site.name },
  /** The lead's sender when the visitor gave no name. */
  anonymous: "Besökare i chatten",
  /** The lead's subject in the inbox and the team's notification. */
  leadSubject: "Chatten ville prata med en säljare: {name}",
  /** Why nobody took it, the lead's first line. */
  reasons: {
    closed: "Ingen säljare var på plats (utanför öppettiderna).",
    nobody: "Ingen säljare var inloggad.",
    missed: "Ingen säljare svarade inom en minut.",
    transcript: "Besökaren bad om samtalet per e-post.",
  },
  /** The mail of the transcript to the visitor. */
  transcript: {
    subject: `Ditt samtal med ${site.name}`,
    intro: `Här är ditt samtal i chatten på ${site.url.replace(/^https?:\/\//, "")}.`,
    outro: `Hälsningar,\n${site.name}`,
  },
} as const;

export type TakeoverMailCopy = typeof takeoverMailCopy;
