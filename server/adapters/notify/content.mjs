/** Nothing but the visitor's own fields, the page and the spam mark goes in: no keys, no ids of outside services (decision 022).
 * @typedef {{ id: string | number, kind: string, params: Record<string, string>, receivedAt: string, page?: string | null, suspectedSpam?: boolean, noJs?: boolean }} StoredMessage
 * @typedef {import("../../../app/content/lead-notification.ts").LeadNotificationCopy} Copy */

import { isEmail } from "#common/email-address.mjs";
import { asOneLine } from "../../lib/message-fields.mjs";
import { displayEmail } from "../../lib/email-display.mjs";

/** Whether the client marked the message as sent faster than a person types. */
export const isSuspected = (message) => Boolean(message.suspectedSpam) || message.params?.suspected_spam === "ja";

/** In the order a salesperson reads them. @param {StoredMessage} message */
export function notificationFields(message) {
  const p = message.params ?? {};
  // The inbox keeps these on one line; a message kept before it did cannot forge a line either.
  const line = (value) => asOneLine(value ?? "");
  return {
    id: String(message.id),
    kind: message.kind,
    receivedAt: message.receivedAt,
    subject: line(p.subject),
    from_name: line(p.from_name),
    company: line(p.company),
    // A look-alike domain in punycode (decision 058); the Reply-To is the address as it was sent.
    from_email: displayEmail(line(p.from_email)),
    phone: line(p.phone),
    selected_service: line(p.selected_service),
    message: p.message ?? "",
    conversation: p.conversation ?? "",
    meeting: p.meeting ?? "",
    // Set by the server only (a form's own fields are all it keeps of a visitor's params).
    meetingPending: p.meeting_pending === "ja",
    page: message.page || p.source || "",
    suspectedSpam: isSuspected(message),
    noJs: Boolean(message.noJs),
  };
}

const stockholmTime = (iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? String(iso)
    : d.toLocaleString("sv-SE", { timeZone: "Europe/Stockholm", dateStyle: "short", timeStyle: "short" });
};

/** The webhook's `payload` carries the mail's body as `text`, so a Slack or Teams workflow can post it as it is.
 * @param {StoredMessage} message @param {Copy} copy */
export function leadNotification(message, copy) {
  const f = notificationFields(message);
  const l = copy.labels;
  const lines = [];
  if (f.suspectedSpam) lines.push(copy.suspectedSpam, "");
  if (f.meetingPending && copy.meetingPending) lines.push(copy.meetingPending, "");
  lines.push(`${l.kind}: ${copy.kinds[f.kind] ?? f.kind}`);
  if (f.meeting) lines.push(`${l.meeting ?? "Möte"}: ${f.meeting}`);
  for (const key of /** @type {const} */ ([
    "from_name",
    "company",
    "from_email",
    "phone",
    "selected_service",
    "page",
  ])) {
    if (f[key]) lines.push(`${l[key]}: ${f[key]}`);
  }
  lines.push(`${l.received}: ${stockholmTime(f.receivedAt)}`);
  if (f.noJs) lines.push(copy.noJs);
  if (f.message) lines.push("", `${l.message}:`, f.message);
  if (f.conversation) lines.push("", `${l.conversation}:`, f.conversation);
  const subject = f.subject || copy.fallbackSubject;
  const text = `${lines.join("\n")}\n`;
  const sent = asOneLine(message.params?.from_email ?? "");
  // nodemailer's header: the one place the sender's address changes its name.
  const replyTo = isEmail(sent) ? sent.trim() : undefined;
  return { subject, text, replyTo, suspectedSpam: f.suspectedSpam, payload: { ...f, subject, text } };
}
