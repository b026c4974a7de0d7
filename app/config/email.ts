import { DEFAULT_TEMPLATE_IDS } from "#common/message-kinds.mjs";
import { envString } from "./env";

const env = import.meta.env;

/** EmailJS settings: a public key, a service and one template per kind of message. */
export interface EmailConfig {
  serviceId: string;
  templateId: string;
  publicKey: string;
}

export const EMAILJS_ORIGIN = "https://api.emailjs.com";

// Public by design; without a public key the contact forms use the local inbox (decision 001).
export const emailSettings = {
  publicKey: envString(env.VITE_EMAILJS_PUBLIC_KEY, ""),
  serviceId: envString(env.VITE_EMAILJS_SERVICE_ID, "default_service"),
  /** Each kind's template id (the spec's protocol); a kind is the one name of a form everywhere else. */
  templates: {
    contact: envString(env.VITE_EMAILJS_TEMPLATE_CONTACT, DEFAULT_TEMPLATE_IDS.contact),
    "get-started": envString(env.VITE_EMAILJS_TEMPLATE_GET_STARTED, DEFAULT_TEMPLATE_IDS["get-started"]),
    lead: envString(env.VITE_EMAILJS_TEMPLATE_LEAD, DEFAULT_TEMPLATE_IDS.lead),
  },
} as const;

/** What a visitor sends: "contact", "get-started" or "lead" (common/message-kinds.mjs, decision 066). */
export type MessageKind = keyof typeof emailSettings.templates;

/** Where a message goes: EmailJS, or the same-origin local inbox when no public key is set. */
export interface EmailTarget extends EmailConfig {
  origin: string;
}

/** Public key placeholder sent to the local inbox, which checks no key. */
export const LOCAL_INBOX_KEY = "local-inbox";
