import nodemailer from "nodemailer";

/** How long the SMTP server may take to connect, greet or answer before the attempt fails. */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * The failure of an attempt as the log may show it: the error's code and SMTP reply code, never
 * its message (a refusal quotes the addresses).
 */
const failureOf = (error) => ({
  ok: false,
  reason: [error?.originalCode ?? error?.code, error?.responseCode].filter(Boolean).join(" ") || "error",
});

/**
 * The mailer: the sales team's notification over SMTP (nodemailer, the only importer of it).
 * `send` never throws; the idempotency key becomes the mail's Message-ID, so a resend after a
 * crash between "accepted" and "marked" is the same mail to the receiving side.
 * @param {{ url: string, to: string, from?: string, timeoutMs?: number }} options
 */
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
    /**
     * @param {{ subject: string, text: string, replyTo?: string, suspectedSpam?: boolean, to?: string }} notification
     *   `to`: a reply's recipient, the visitor (else the sales team's address)
     * @param {string} key
     */
    async send(notification, key) {
      try {
        await transport.sendMail({
          from,
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
    /**
     * A mail to a visitor (the free meeting's confirmation, reminder, cancellation), with its
     * calendar invitation as a text/calendar part whose method Outlook and Gmail read.
     * @param {{ to: string, subject: string, text: string, ics?: { method: string, content: string } }} mail
     * @param {string} key
     */
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
