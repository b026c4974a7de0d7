// The fields each kind keeps and their rules, one place for every way a message comes in (decision 035).
import { isEmail } from "#common/email-address.mjs";
import { isPhoneNumber } from "#common/phone-number.mjs";

const CONVERSATION_FIELDS = [
  "from_name",
  "from_email",
  "phone",
  "company",
  "conversation",
  "timestamp",
  "source",
  "message",
  "subject",
];

export const MESSAGE_FIELDS = {
  contact: ["from_name", "from_email", "company", "message", "subject"],
  "get-started": ["from_name", "from_email", "company", "phone", "selected_service", "message", "subject"],
  lead: CONVERSATION_FIELDS,
  samtal: CONVERSATION_FIELDS,
};

/** The mark of a message sent faster than a person types (app/lib/email/spam-guard.ts), on every kind. */
export const SPAM_MARK = { param: "suspected_spam", value: "ja" };

/** Every field a message may keep, in the order a salesperson reads them (the export's columns). */
export const ALL_FIELDS = [
  "from_name",
  "from_email",
  "company",
  "phone",
  "selected_service",
  "subject",
  "message",
  "source",
  "timestamp",
  "conversation",
];

/** The forms' limits; a contact's name is first and last. @type {Record<string, { max: number, lines?: boolean }>} */
export const FIELD_RULES = {
  from_name: { max: 201 },
  from_email: { max: 254 },
  company: { max: 120 },
  phone: { max: 30 },
  selected_service: { max: 200 },
  message: { max: 2000, lines: true },
  conversation: { max: 40_000, lines: true },
  timestamp: { max: 40 },
  source: { max: 300 },
  subject: { max: 400 },
};

/** A lead with the longest conversation: 40,000 characters of up to 3 bytes, more where JSON escapes them. */
export const MAX_BODY_BYTES = 192 * 1024;
export const MAX_CONVERSATION_CHARS = FIELD_RULES.conversation.max;
/** Longest of any other param read: the known ones have their own bounds. */
export const MAX_PARAM_CHARS = 8_000;
const MAX_PARAMS = 40;

/** @param {unknown} params */
export function paramsError(params) {
  if (typeof params !== "object" || params === null || Array.isArray(params))
    return "The template params must be an object";
  const entries = Object.entries(params);
  if (entries.length > MAX_PARAMS) return `At most ${MAX_PARAMS} template params`;
  for (const [name, value] of entries) {
    if (typeof value !== "string") return "Every template param must be a string";
    if (name.length > 64) return "A template param's name is too long";
    const max = name === "conversation" ? MAX_CONVERSATION_CHARS : MAX_PARAM_CHARS;
    if (value.length > max) return `The template param ${name.slice(0, 64)} is longer than ${max} characters`;
  }
  return null;
}

/** By the rules of app/components/ui/validation.ts. @param {Record<string, string>} values
 * @param {{ name: string, required: boolean, email: boolean, phone?: boolean, max: number, messages: Record<string, string> }[]} fields */
export function validateFields(values, fields) {
  /** @type {Record<string, string>} */
  const errors = {};
  for (const f of fields) {
    const value = (values[f.name] ?? "").trim();
    if (f.required && value === "") errors[f.name] = f.messages.required;
    else if (value.length > f.max) errors[f.name] = f.messages.tooLong;
    else if (f.email && value !== "" && !isEmail(value)) errors[f.name] = f.messages.email;
    else if (f.phone && value !== "" && !isPhoneNumber(value)) errors[f.name] = f.messages.phone;
  }
  return errors;
}

// Line breaks of any kind and other control characters: what could forge a line of a notification.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_ONE_LINE_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu;

/** A one-line field as a browser's text input keeps it: line breaks and control characters as a space. */
export const asOneLine = (value) => String(value).replace(NOT_ONE_LINE_ALL, " ");

export const isOneLine = (name) => !FIELD_RULES[name]?.lines;

/** The one intake of every message: other names dropped, the subject the server's (decisions 035, 058).
 * @param {string} kind @param {Record<string, unknown>} params @returns {{ params: Record<string, string> } | { error: string }}
 * @param {{ subjects?: Record<string, string>, services?: string[], phoneAsSaid?: boolean }} [options] */
export function intakeParams(kind, params, { subjects, services, phoneAsSaid = false } = {}) {
  const fields = MESSAGE_FIELDS[/** @type {keyof typeof MESSAGE_FIELDS} */ (kind)];
  if (!fields) return { error: "Unknown kind of message" };
  /** @type {Record<string, string>} */
  const kept = {};
  for (const name of fields) {
    if (name === "subject" || !Object.hasOwn(params, name)) continue;
    const value = params[name];
    if (typeof value !== "string") return { error: `The template param ${name} must be a string` };
    const { max, lines } = FIELD_RULES[name];
    if (value.length > max) return { error: `The template param ${name} is longer than ${max} characters` };
    if (!lines && NOT_ONE_LINE.test(value)) return { error: `The template param ${name} must be one line` };
    kept[name] = value;
  }
  const email = (kept.from_email ?? "").trim();
  if (email !== "" && !isEmail(email)) return { error: "The from_email must be one e-mail address" };
  if (email === "" && !(kind === "samtal" && kept.phone?.trim())) return { error: "The from_email is required" };
  if (!kept.from_name?.trim()) return { error: "The from_name is required" };
  if (!phoneAsSaid && kept.phone?.trim() && !isPhoneNumber(kept.phone)) return { error: "The phone must be a number" };
  if (kind === "get-started" && services && !services.includes(kept.selected_service ?? "")) {
    return { error: "Unknown selected_service" };
  }
  if (params[SPAM_MARK.param] === SPAM_MARK.value) kept[SPAM_MARK.param] = SPAM_MARK.value;
  const subject = subjects?.[kind];
  if (subject) {
    const values = { name: kept.from_name.trim(), service: kept.selected_service ?? "" };
    kept.subject = subject.replace(/\{(name|service)\}/g, (_, key) => values[key]).slice(0, FIELD_RULES.subject.max);
  }
  return { params: kept };
}
