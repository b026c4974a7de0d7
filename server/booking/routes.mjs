// The free meeting's endpoints, mounted only while booking is on: otherwise every path is the
// site's 404, and the chat and /kom-igang behave as before.
import { clientIp, clientKey } from "../guards/client-ip.mjs";
import { createRateLimit, hasMediaType, isSameOrigin, limitBody, pageOf } from "../guards/request.mjs";
import { safeForLog } from "../lib/log-safe.mjs";
import { StoreUnavailableError } from "../adapters/store/index.mjs";
import { MAX_BODY_BYTES, paramsError } from "../lib/message-fields.mjs";
import { stylesheetsOf } from "../lib/html-page.mjs";
import { createManagePage } from "./manage-page.mjs";
import { CalendarUnavailableError, webLead } from "./service.mjs";

export const BOOKING_API = "/api/booking";
export const MANAGE_PATH = "/bokning";
const MAX_HOLD_BYTES = 2048;
const MAX_FORM_BYTES = 4096;
const MAX_TIMES = 12;
const SOURCES = { chat: "lead", "kom-igang": "get-started" };

/** @param {import("hono").Hono} app @param {{ service: ReturnType<typeof import("./service.mjs").createBookingService>, copy: any,
 *   root: string, config: ReturnType<typeof import("./config.mjs").bookingConfig>, templates: Record<string, string>,
 *   siteOrigin?: string, trustProxy?: boolean | number, databaseUrl?: string, log?: (line: string) => void }} options */
export function mountBooking(
  app,
  { service, copy, root, config, templates, siteOrigin, trustProxy, databaseUrl, log = console.log },
) {
  const window = config.window;
  const holdLimit = createRateLimit({
    points: config.holdLimit,
    durationSeconds: window,
    trustProxy,
    keyPrefix: "booking-hold",
    databaseUrl,
  });
  // Free times and the manage page: enough for a person, too few to scan tokens or the calendar.
  const readLimit = createRateLimit({
    points: 300,
    durationSeconds: 600,
    trustProxy,
    keyPrefix: "booking-read",
    databaseUrl,
  });
  const noStore = { "Cache-Control": "no-store" };

  function failed(c, error) {
    if (error instanceof CalendarUnavailableError || error instanceof StoreUnavailableError)
      return c.json({ error: "unavailable" }, 503, { ...noStore, "Retry-After": "60" });
    log(`booking: ${safeForLog(error?.message ?? error, 200)}`);
    return c.json({ error: "failed" }, 500, noStore);
  }

  const guardPost = (max) => [
    async (c, next) => {
      if (!isSameOrigin(c, { siteOrigin, trustProxy })) return c.json({ error: "forbidden" }, 403);
      if (!hasMediaType(c, "application/json")) return c.json({ error: "json" }, 415);
      return next();
    },
    limitBody(max),
  ];

  const readJson = async (c) => {
    try {
      const body = JSON.parse(await c.req.text());
      return body && typeof body === "object" && !Array.isArray(body) ? body : null;
    } catch {
      return null;
    }
  };

  app.get(`${BOOKING_API}/slots`, async (c) => {
    const wait = await readLimit.take(c);
    if (wait !== null) return c.json({ error: "rate-limited" }, 429, { "Retry-After": String(wait) });
    const num = (name) => {
      const v = c.req.query(name);
      const t = v ? Date.parse(v) : NaN;
      return Number.isFinite(t) ? t : undefined;
    };
    const limit = Math.min(MAX_TIMES, Math.max(1, Number(c.req.query("limit")) || 3));
    try {
      const when = String(c.req.query("when") ?? "").slice(0, 100);
      const times = await service.offer({ when, after: num("after"), from: num("from"), to: num("to"), limit });
      return c.json(times, 200, noStore);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post(`${BOOKING_API}/hold`, ...guardPost(MAX_HOLD_BYTES), async (c) => {
    const wait = await holdLimit.take(c);
    if (wait !== null) return c.json({ error: "rate-limited" }, 429, { "Retry-After": String(wait) });
    const body = await readJson(c);
    if (typeof body?.start !== "string" || body.start.length > 40) return c.json({ error: "bad-request" }, 400);
    const source = typeof body.source === "string" && body.source in SOURCES ? body.source : "chat";
    try {
      const result = await service.hold({
        start: body.start,
        kind: body.kind === "phone" ? "phone" : "video",
        source,
        address: clientKey(clientIp(c, { trustProxy })),
      });
      if (result.status === "held")
        return c.json(
          {
            holdId: result.meeting.id,
            start: result.meeting.start,
            label: result.label,
            holdUntil: result.meeting.holdUntil,
          },
          200,
          noStore,
        );
      if (result.status === "limit") return c.json({ error: "limit" }, 429, { "Retry-After": String(window) });
      return c.json({ error: "taken" }, 409, noStore);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post(`${BOOKING_API}/confirm`, ...guardPost(MAX_BODY_BYTES), async (c) => {
    const body = await readJson(c);
    if (!body || typeof body.holdId !== "string" || body.holdId.length > 64)
      return c.json({ error: "bad-request" }, 400);
    const problem = paramsError(body.template_params);
    if (problem) return c.json({ error: "bad-request" }, 400);
    try {
      const result = await service.confirm(body.holdId, {
        ...webLead(body.template_id, templates),
        params: body.template_params,
        page: pageOf(c),
      });
      if (result.status === "booked")
        return c.json(
          {
            booking: {
              id: result.meeting.id,
              start: result.meeting.start,
              label: result.label,
              kind: result.meeting.kind,
            },
            mailed: service.mails,
            // Held for the sales team's approval: nothing is mailed until they approve it.
            pending: result.pending,
            repeated: result.repeated,
          },
          200,
          noStore,
        );
      if (result.status === "invalid")
        return c.json({ error: "invalid", fields: Object.keys(result.errors) }, 422, noStore);
      if (result.status === "limit") return c.json({ error: "limit" }, 429, { "Retry-After": String(window) });
      if (result.status === "taken") return c.json({ error: "taken" }, 409, noStore);
      return c.json({ error: "gone" }, 410, noStore);
    } catch (error) {
      return failed(c, error);
    }
  });

  const pageHeaders = {
    ...noStore,
    "Content-Type": "text/html; charset=UTF-8",
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
  };
  const manage = createManagePage({ service, copy, styles: stylesheetsOf(root) });
  const send = (c, page) => c.body(page.html, page.status, pageHeaders);

  app.get(MANAGE_PATH, async (c) => {
    const wait = await readLimit.take(c);
    if (wait !== null) return c.text("Too Many Requests", 429, { "Retry-After": String(wait) });
    const cancel = c.req.query("steg") === "avboka";
    return send(c, await manage.view(c.req.query("t") ?? "", { day: c.req.query("dag"), cancel }));
  });

  app.post(MANAGE_PATH, limitBody(MAX_FORM_BYTES), async (c) => {
    if (!isSameOrigin(c, { siteOrigin, trustProxy })) return c.text("Forbidden: not from this site", 403);
    const wait = await readLimit.take(c);
    if (wait !== null) return c.text("Too Many Requests", 429, { "Retry-After": String(wait) });
    const form = await c.req.parseBody().catch(() => ({}));
    const token = typeof form.t === "string" ? form.t : "";
    const { action, confirmed, start, dag: day } = form;
    return send(c, await manage.act(token, { action, confirmed, start, day }));
  });
}
