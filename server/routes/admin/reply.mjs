import { stockholmTime, visitorLines } from "./messages.mjs";

/** Characters of the visitor's words quoted under a reply at most. */
const MAX_QUOTE = 8000;

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

/** The reply, the visitor's own words quoted under it as a mail program quotes, and a subject that answers theirs.
 * @param {{ message: any, text: string, to: string, copy: { subject: string, fallbackSubject: string, quoteIntro: string } }} reply */
export function replyMail({ message, text, to, copy }) {
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
  const theirs = String(message.subject ?? p.subject ?? "").trim();
  return {
    to,
    subject: fill(copy.subject, { subject: theirs || copy.fallbackSubject }),
    text: `${text.trim()}\n\n${intro}\n${quote}\n`,
  };
}
