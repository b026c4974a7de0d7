import {
  createEmailLimit,
  createRateLimit,
  hasMediaType,
  isSameOrigin,
  limitBody,
  pageOf,
} from "../guards/request.mjs";
import { safeForLog } from "../lib/log-safe.mjs";
import { intakeParams, MAX_BODY_BYTES, paramsError } from "../lib/message-fields.mjs";
import { openStore, StoreUnavailableError } from "../adapters/store/index.mjs";
import { DEFAULT_TEMPLATE_IDS, kindOfTemplate } from "#common/message-kinds.mjs";
import { logLine } from "../lib/logger.mjs";
import { systemClock } from "../lib/clock.mjs";

/** The site's own template ids by kind, as the build and app/config/email.ts name them. */
export const DEFAULT_TEMPLATES = {
  contact: process.env.VITE_EMAILJS_TEMPLATE_CONTACT || DEFAULT_TEMPLATE_IDS.contact,
  "get-started": process.env.VITE_EMAILJS_TEMPLATE_GET_STARTED || DEFAULT_TEMPLATE_IDS["get-started"],
  lead: process.env.VITE_EMAILJS_TEMPLATE_LEAD || DEFAULT_TEMPLATE_IDS.lead,
};

/** Null for a body shaped as EmailJS's. @param {unknown} body @param {{ templateIds?: string[] }} [options] */
export function inboxError(body, { templateIds = Object.values(DEFAULT_TEMPLATES) } = {}) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "The body must be a JSON object";
  const b = /** @type {Record<string, unknown>} */ (body);
  for (const key of ["service_id", "template_id", "user_id"]) {
    if (typeof b[key] !== "string" || b[key] === "") return `The ${key} is required`;
    if (b[key].length > 200) return `The ${key} is too long`;
  }
  if (!templateIds.includes(/** @type {string} */ (b.template_id))) return "Unknown template_id";
  return paramsError(b.template_params);
}

/** The log line of a stored message: escaped and bounded, whatever the visitor typed. */
export function inboxLogLine(templateId, params, via) {
  const p = params ?? {};
  const spam = p.suspected_spam ? " [suspected spam]" : "";
  return (
    `inbox: ${safeForLog(templateId, 40)}${via ? ` (${via})` : ""} from ${safeForLog(p.from_name ?? "?", 80)} ` +
    `<${safeForLog(p.from_email ?? "?", 80)}>: ${safeForLog(p.subject ?? "", 120)}${spam}`
  );
}

/** "unavailable" is a 503: the visitor's browser keeps the message and sends it again.
 * @param {ReturnType<typeof openStore>} store @param {Parameters<ReturnType<typeof openStore>["addMessage"]>[0]} record
 * @param {(line: string) => void} log @returns {Promise<"stored" | "full" | "unavailable" | "error">} */
export async function keepMessage(store, record, log) {
  try {
    return (await store.addMessage(record)).status;
  } catch (error) {
    if (error instanceof StoreUnavailableError) return "unavailable";
    log(`inbox: could not store a message: ${safeForLog(error?.message, 200)}`);
    return "error";
  }
}

/** @param {import("hono").Hono} app @param {{ dir: string, databaseUrl?: string, store?: ReturnType<typeof openStore>, quiet?: boolean, maxBytes?: number,
 *   templates?: Record<string, string>, rateLimit?: { points?: number, durationSeconds?: number }, emailRateLimit?: { points?: number, durationSeconds?: number },
 *   siteOrigin?: string, trustProxy?: boolean | number, notifications?: { kick(): void } | null, subjects?: Record<string, string>, services?: string[], now?: import("../lib/clock.mjs").Clock }} options */
export function mountInbox(
  app,
  {
    dir,
    databaseUrl,
    store: given,
    quiet = false,
    maxBytes,
    templates = DEFAULT_TEMPLATES,
    rateLimit,
    emailRateLimit,
    siteOrigin,
    trustProxy,
    notifications = null,
    subjects,
    services,
    now = given?.now ?? systemClock,
  },
) {
  const log = quiet ? () => {} : logLine;
  const store = given ?? openStore({ databaseUrl, dir, maxBytes, templates, log, now });
  const limit = createRateLimit({ ...rateLimit, trustProxy, databaseUrl });
  const emailLimit = createEmailLimit({ ...emailRateLimit, databaseUrl });
  const templateIds = Object.values(templates);

  app.post(
    "/api/v1.0/email/send",
    async (c, next) => {
      if (!isSameOrigin(c, { siteOrigin, trustProxy })) return c.text("Forbidden: not from this site", 403);
      if (!hasMediaType(c, "application/json")) return c.text("The body must be application/json", 415);
      const wait = await limit.take(c);
      if (wait !== null) return c.text("Too Many Requests", 429, { "Retry-After": String(wait) });
      return next();
    },
    limitBody(MAX_BODY_BYTES),
    async (c) => {
      let body;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.text("The body must be JSON", 400);
      }
      const error = inboxError(body, { templateIds });
      if (error) return c.text(error, 400);
      const kind = /** @type {string} */ (kindOfTemplate(body.template_id, templates));
      const intake = intakeParams(kind, body.template_params, { subjects, services });
      if ("error" in intake) return c.text(intake.error, 400);
      const { params } = intake;
      const emailWait = await emailLimit.take(params.from_email);
      if (emailWait !== null) return c.text("Too Many Requests", 429, { "Retry-After": String(emailWait) });
      const result = await keepMessage(
        store,
        { kind, template: body.template_id, params, receivedAt: now(), page: pageOf(c) },
        log,
      );
      if (result === "unavailable") return c.text("The inbox is unavailable", 503, { "Retry-After": "60" });
      if (result === "error") return c.text("Could not store the message", 500);
      if (result === "full") return c.text("The inbox is full", 507, { "Retry-After": "3600" });
      notifications?.kick();
      log(inboxLogLine(body.template_id, params));
      return c.text("OK", 200);
    },
  );

  return { store, limit, emailLimit, notifications, log, now };
}
