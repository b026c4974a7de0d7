import nodemailer from "nodemailer";

export const SMTP_TIMEOUT_MS = 10_000;

/** Never the error's message: a refusal quotes the addresses. */
const failureOf = (error) => ({
  ok: false,
  reason: [error?.originalCode ?? error?.code, error?.responseCode].filter(Boolean).join(" ") || "error",
});

/** The key is the Message-ID, so a resend after a crash is the same mail to the receiver (decision 022).
 * @param {{ url: string, to: string, from?: string, timeoutMs?: number }} options */
export function createMailer({ url, to, from = to, timeoutMs = SMTP_TIMEOUT_MS }) {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const domain = from.split("@").pop() || "localhost";
  return {
    name: "email",
    /** The sender, also the invitations' organizer. */
    from,
    /** @param {{ subject: string, text: string, replyTo?: string, suspectedSpam?: boolean, to?: string, fromName?: string }} notification
     *   `to` a reply's visitor, else the sales team; `fromName` a reply's salesperson @param {string} key */
    async send(notification, key) {
      try {
        await transport.sendMail({
          from: notification.fromName ? { name: notification.fromName, address: from } : from,
          to: notification.to ?? to,
          subject: notification.subject,
          text: notification.text,
          ...(notification.replyTo ? { replyTo: notification.replyTo } : {}),
          messageId: `<${key.replace(/[^\w.!#$%&'*+/=?^`{|}~-]/g, "-")}@${domain}>`,
          headers: notification.suspectedSpam ? { "X-Suspected-Spam": "yes" } : {},
        });
        return { ok: true };
      } catch (error) {
        return failureOf(error);
      }
    },
    /** The invitation a text/calendar part, whose method Outlook and Gmail read (decision 047).
     * @param {{ to: string, subject: string, text: string, ics?: { method: string, content: string } }} mail @param {string} key */
    async sendTo(mail, key) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: `<${key.replace(/[^\w.!#$%&'*+/=?^`{|}~-]/g, "-")}@${domain}>`,
          ...(mail.ics
            ? { icalEvent: { method: mail.ics.method, content: mail.ics.content, filename: "inbjudan.ics" } }
            : {}),
        });
        return { ok: true };
      } catch (error) {
        return failureOf(error);
      }
    },
    close: () => transport.close(),
  };
}
