import { isEmail } from "#common/email-address.mjs";
import type { FullMessage } from "./admin-api";
import { parseConversation } from "./conversation";
import { formatTime } from "./format";

/** The visitor's own words: the message, or what they said to Emma. */
export function visitorWords(message: Pick<FullMessage, "kind" | "message" | "conversation" | "callSummary">) {
  if (message.message.trim() && message.kind !== "lead") return message.message;
  const said = parseConversation(message.conversation)
    .filter((t) => t.who === "visitor")
    .map((t) => t.text);
  return said.join("\n") || message.message || message.callSummary;
}

/**
 * A mailto: link to one address, or null for what is not one: the local part percent-encoded and
 * the domain in punycode, so nothing the visitor wrote reads as a header or another recipient.
 */
export function mailtoAddress(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (!isEmail(email) || email !== email.trim()) return null;
  try {
    const domain = new URL(`http://${email.slice(at + 1)}/`).hostname;
    return `mailto:${encodeURIComponent(email.slice(0, at))}@${domain}`;
  } catch {
    return null;
  }
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/**
 * Without SMTP on the server, a reply in the salesperson's own mail program: to the visitor, the
 * visitor's subject by kind (never the team's), their words quoted (as the server's reply does); null without an address.
 */
export function mailtoReply(
  message: FullMessage,
  copy: { subjects?: Record<string, string>; fallbackSubject: string; quoteIntro: string },
  salesEmail = "",
): string | null {
  const to = mailtoAddress(message.from_email);
  if (!to) return null;
  const intro = fill(copy.quoteIntro, {
    date: formatTime(message.receivedAt),
    name: message.from_name || message.from_email,
  });
  const quote = visitorWords(message)
    .slice(0, 1500)
    .split("\n")
    .map((line) => `> ${line}`.trimEnd())
    .join("\n");
  const params = new URLSearchParams({
    subject: copy.subjects?.[message.kind] ?? copy.fallbackSubject,
    body: `\n\n${intro}\n${quote}\n`,
    ...(salesEmail ? { cc: salesEmail } : {}),
  });
  // mailto: wants %20, not the form encoding's "+".
  return `${to}?${params.toString().replace(/\+/g, "%20")}`;
}
