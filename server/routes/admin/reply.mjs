import { stockholmTime, visitorLines } from "./messages.mjs";

/** Characters of the visitor's words quoted under a reply at most. */
const MAX_QUOTE = 8000;

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

/** @typedef {{ subjects?: Record<string, string>, fallbackSubject: string, from?: string, fromTeam?: string, quoteIntro: string }} ReplyCopy */

/** The visitor's subject by kind: a message's own subject is the team's ("Nytt lead från Emma: …").
 * @param {string} kind @param {ReplyCopy} copy */
export const replySubject = (kind, copy) => copy.subjects?.[kind] ?? copy.fallbackSubject;

/** The reply, the visitor's own words quoted under it as a mail program quotes, from the salesperson's name.
 * @param {{ message: any, text: string, to: string, copy: ReplyCopy, sender?: string | null }} reply
 *   `sender` the salesperson's name, null for the first account (the company's name alone) */
export function replyMail({ message, text, to, copy, sender = null }) {
  const p = message.params ?? {};
  const words =
    typeof p.message === "string" && p.message.trim() && message.kind !== "lead"
      ? p.message
      : visitorLines(String(p.conversation ?? "")).join("\n") || String(p.message ?? message.callSummary ?? "");
  const cut = words.length > MAX_QUOTE ? `${words.slice(0, MAX_QUOTE - 1)}…` : words;
  const intro = fill(copy.quoteIntro, {
    date: stockholmTime(message.receivedAt),
    name: message.from_name ?? p.from_name ?? to,
  });
  const quote = cut
    .split("\n")
    .map((line) => `> ${line}`.trimEnd())
    .join("\n");
  const fromName = sender && copy.from ? fill(copy.from, { name: sender }) : copy.fromTeam;
  return {
    to,
    subject: replySubject(message.kind, copy),
    text: `${text.trim()}\n\n${intro}\n${quote}\n`,
    ...(fromName ? { fromName } : {}),
  };
}
