import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  createRateLimit,
  DEFAULT_RATE_LIMIT,
  hasMediaType,
  isSameOrigin,
  limitBody,
  pageOf,
} from "../guards/request.mjs";
import { asOneLine, intakeParams, validateFields } from "../lib/message-fields.mjs";
import { escapeHtml, page, stylesheetsOf } from "../lib/html-page.mjs";
import { payloadFields } from "#common/form-fields.mjs";
import { inboxLogLine, keepMessage } from "./inbox.mjs";
import { systemClock } from "../lib/clock.mjs";

/** The largest form post read (2,000 characters of message, percent-encoded, and the rest). */
export const MAX_FORM_BYTES = 64 * 1024;

/** Refused posts (validation errors) a client may make per message it may send: typos are human. */
export const REFUSALS_PER_MESSAGE = 6;

/** The config the build wrote (server/lib/form-config.mjs). @param {string} root the client build's folder */
export function loadFormsConfig(root) {
  const file = join(root, "..", "forms.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/** The thank-you page (the same words as the toast the form shows with JavaScript). */
export function thanksPage({ config, styles, form }) {
  const body =
    `<h1 class="mt-6 text-4xl font-bold tracking-tight">${escapeHtml(form.thanks.title)}</h1>` +
    `<p class="mt-3 text-lg text-ink-700">${escapeHtml(form.thanks.description)}</p>`;
  return page({ config, styles, title: form.thanks.title, body });
}

const control =
  "block w-full rounded-xl border border-ink-300 bg-white px-3 py-2.5 text-base text-ink-900 aria-invalid:border-red-700";

function fieldHtml(f, value, error, first) {
  const id = `f-${f.name}`;
  const attrs =
    `id="${id}" name="${f.name}" maxlength="${f.max}"${f.required ? " required" : ""}` +
    `${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""}${first ? " autofocus" : ""} class="${control}"`;
  const input =
    f.name === "message"
      ? `<textarea ${attrs} rows="5">${escapeHtml(value)}</textarea>`
      : `<input ${attrs} type="${f.email ? "email" : f.name === "phone" ? "tel" : "text"}" value="${escapeHtml(value)}">`;
  const label = f.required ? `${escapeHtml(f.label)} <span aria-hidden="true">*</span>` : escapeHtml(f.label);
  return (
    `<div class="flex flex-col gap-1"><label for="${id}" class="text-sm font-medium text-ink-800">${label}</label>${input}` +
    `<span id="${id}-error" class="min-h-5 text-sm text-red-700">${error ? escapeHtml(error) : ""}</span></div>`
  );
}

export function formPage({ config, styles, form, action, values, errors, notice }) {
  // Without scripts, autofocus is how the first field to fix gets the focus.
  const firstInvalid = errors.service ? undefined : form.fields.find((f) => errors[f.name])?.name;
  const services = form.services
    ? `<fieldset class="flex flex-col gap-2"><legend class="mb-2 text-lg font-semibold">${escapeHtml(form.servicesLegend)}</legend>` +
      form.services
        .map(
          (s, i) =>
            `<label class="flex items-center gap-2"><input type="radio" name="service" value="${escapeHtml(s.id)}"` +
            `${values.service === s.id ? " checked" : ""}${errors.service && i === 0 ? " autofocus" : ""} required> ` +
            `${escapeHtml(s.title)}</label>`,
        )
        .join("") +
      (errors.service ? `<span class="text-sm text-red-700">${escapeHtml(errors.service)}</span>` : "") +
      `</fieldset>`
    : "";
  const body =
    `<h1 class="mt-6 text-4xl font-bold tracking-tight">${escapeHtml(form.heading)}</h1>` +
    `<p role="alert" class="mt-3 text-lg text-red-700">${escapeHtml(notice)}</p>` +
    `<form method="post" action="${action}" class="mt-8 flex flex-col gap-4">${services}` +
    form.fields.map((f) => fieldHtml(f, values[f.name] ?? "", errors[f.name], f.name === firstInvalid)).join("") +
    `<div><button type="submit" class="rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white">${escapeHtml(form.submit)}</button></div>` +
    `</form>`;
  return page({ config, styles, title: form.heading, body });
}

/** The forms without JavaScript (decisions 012 and 020). @param {import("hono").Hono} app
 * @param {{ config: any, root: string, store: any, limit: any, emailLimit: any, notifications?: { kick(): void } | null,
 *   log: (line: string) => void, siteOrigin?: string, trustProxy?: boolean | number, rateLimit?: { points?: number, durationSeconds?: number }, now?: import("../lib/clock.mjs").Clock }} options */
export function mountFormPosts(
  app,
  {
    config,
    root,
    store,
    limit,
    emailLimit,
    notifications,
    log,
    siteOrigin,
    trustProxy,
    rateLimit = {},
    now = store.now ?? systemClock,
  },
) {
  const styles = stylesheetsOf(root);
  const refusals = createRateLimit({
    keyPrefix: "form-refusals",
    points: (rateLimit.points ?? DEFAULT_RATE_LIMIT.points) * REFUSALS_PER_MESSAGE,
    durationSeconds: rateLimit.durationSeconds ?? DEFAULT_RATE_LIMIT.durationSeconds,
    trustProxy,
  });
  const html = (body, status, headers = {}) =>
    new Response(body, {
      status,
      headers: { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-store", ...headers },
    });

  for (const [kind, path] of [
    ["contact", "/api/forms/contact"],
    ["get-started", "/api/forms/get-started"],
  ]) {
    const form = config.forms[kind];
    const names = [...form.fields.map((f) => f.name), ...(form.services ? ["service"] : []), "hp_website_url"];
    const intake = {
      subjects: config.subjects,
      services: form.services?.map((/** @type {{ title: string }} */ s) => s.title),
    };
    const again = (values, errors, notice, status, headers) =>
      html(formPage({ config, styles, form, action: path, values, errors, notice }), status, headers);

    app.post(
      path,
      async (c, next) => {
        if (!isSameOrigin(c, { siteOrigin, trustProxy })) return c.text("Forbidden: not from this site", 403);
        if (!hasMediaType(c, "application/x-www-form-urlencoded")) return c.text("Unsupported form encoding", 415);
        return next();
      },
      limitBody(MAX_FORM_BYTES),
      async (c) => {
        const sent = new URLSearchParams(await c.req.text());
        // A text input never holds a line break (the browser strips them): only a forged post does.
        const values = Object.fromEntries(
          names.map((n) => [n, n === "message" ? (sent.get(n) ?? "") : asOneLine(sent.get(n) ?? "")]),
        );
        const bot = values.hp_website_url.trim() !== "";
        const errors = validateFields(values, form.fields);
        const service = form.services?.find((s) => s.id === values.service);
        if (form.services && !service) errors.service = form.noService.description;
        const refused = !bot && Object.keys(errors).length > 0;
        const wait = refused
          ? await refusals.take(c)
          : ((await limit.take(c)) ?? (bot ? null : await emailLimit.take(values.email)));
        if (wait !== null) {
          const minutes = Math.ceil(wait / 60);
          const notice =
            minutes === 1 ? config.copy.rateLimitedOne : config.copy.rateLimited.replace("{minutes}", String(minutes));
          return again(values, {}, notice, 429, { "Retry-After": String(wait) });
        }
        const thanks = () => html(thanksPage({ config, styles, form }), 200);
        // Only bots fill the hidden field: they get the thank-you page and nothing is kept.
        if (bot) {
          log(`inbox: discarded a form post to ${path} with the honeypot filled`);
          return thanks();
        }
        if (refused) return again(values, errors, config.copy.errorSummary, 400);

        const fields = payloadFields(kind, { ...values, service: service?.title });
        const checked = intakeParams(kind, fields, intake);
        if ("error" in checked) return again(values, {}, config.copy.errorSummary, 400);
        const { params } = checked;
        const result = await keepMessage(
          store,
          {
            kind,
            template: form.template,
            params,
            receivedAt: now(),
            page: pageOf(c),
            noJs: true,
          },
          log,
        );
        if (result !== "stored") {
          const status = result === "error" ? 500 : 503;
          return again(values, {}, config.copy.unavailable, status, {
            "Retry-After": result === "full" ? "3600" : "60",
          });
        }
        notifications?.kick();
        log(inboxLogLine(form.template, params, "no-js"));
        return thanks();
      },
    );
  }
}
