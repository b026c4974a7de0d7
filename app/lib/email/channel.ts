import {
  EMAILJS_ORIGIN,
  emailSettings,
  LOCAL_INBOX_KEY,
  type EmailConfig,
  type EmailTarget,
  type MessageKind,
} from "~/config/email";

/** `{"inbox": true}` from the site's server; the build's copy says false, so a static host answers 200 (decision 016). */
export const INBOX_STATUS_PATH = "/api/inbox-status.json";

let inboxKnown: Promise<boolean> | null = null;

/** Whether the site's server has a local inbox. Asked once per page, on the first send. */
export function hasLocalInbox(origin: string): Promise<boolean> {
  inboxKnown ??= fetch(`${origin}${INBOX_STATUS_PATH}`, { cache: "no-store" })
    .then(async (res) => res.ok && ((await res.json()) as { inbox?: unknown }).inbox === true)
    .catch(() => {
      // No answer (offline): keep the message in the outbox for the inbox rather than refuse it.
      inboxKnown = null;
      return true;
    });
  return inboxKnown;
}

/** Where a message goes: a lead's saved visitor config, the operator's EmailJS, the local inbox, else null. */
export async function messageTarget(
  kind: MessageKind,
  visitor: EmailConfig | null,
  origin: string,
  inbox: (origin: string) => Promise<boolean> = hasLocalInbox,
): Promise<EmailTarget | null> {
  const templateId = emailSettings.templates[kind];
  if (kind === "lead" && visitor) return { origin: EMAILJS_ORIGIN, ...visitor };
  if (emailSettings.publicKey) {
    return {
      origin: EMAILJS_ORIGIN,
      publicKey: emailSettings.publicKey,
      serviceId: emailSettings.serviceId,
      templateId,
    };
  }
  if (await inbox(origin)) return { origin, publicKey: LOCAL_INBOX_KEY, serviceId: "local_inbox", templateId };
  return null;
}
