// The free meeting's endpoints (issue 45): free times, a hold, a booking, and the visitor's
// manage page. Mounted only while booking is on (BOOKING_ENABLED); otherwise every path is the
// site's 404 and the chat and /kom-igang behave as before.
import { clientIp, clientKey } from "../guards/client-ip.mjs";
import { createRateLimit, hasMediaType, isSameOrigin, limitBody } from "../guards/request.mjs";
import { safeForLog } from "../lib/log-safe.mjs";
import { StoreUnavailableError } from "../adapters/store/index.mjs";
import { MAX_BODY_BYTES, pageOf, paramsError } from "../routes/inbox.mjs";
import { stylesheetsOf } from "../routes/forms.mjs";
import { managePage } from "./manage-page.mjs";
import { CalendarUnavailableError } from "./service.mjs";
import { wishWindow } from "./rules/wish.mjs";

export const BOOKING_API = "/api/booking";
export const MANAGE_PATH = "/bokning";
const MAX_HOLD_BYTES = 2048;
const MAX_FORM_BYTES = 4096;
/** Times a visitor may ask for at once ("Fler tider"). */
const MAX_TIMES = 12;
const SOURCES = { chat: "lead", "kom-igang": "get-started" };

/**
 * @param {import("hono").Hono} app
 * @param {{ service: ReturnType<typeof import("./service.mjs").createBookingService>, copy: any, root: string,
 *   config: ReturnType<typeof import("./config.mjs").bookingConfig>, templates: Record<string, string>,
 *   siteOrigin?: string, trustProxy?: boolean | number, databaseUrl?: string, log?: (line: string) => void }} options
 */
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
  const styles = stylesheetsOf(root);
  const noStore = { "Cache-Control": "no-store" };

  /** The answer to a failure the visitor can do nothing about but wait. */
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
      // A wished time ("imorgon förmiddag"): the free times in it, else the nearest, said so.
      const wish = wishWindow(String(c.req.query("when") ?? "").slice(0, 100), service.now(), config.hours.zone);
      if (wish) {
        const near = await service.freeTimes({ from: wish.from, to: wish.to, limit });
        if (near.slots.length) return c.json({ ...near, wish: "found" }, 200, noStore);
      }
      const times = await service.freeTimes({ after: num("after"), from: num("from"), to: num("to"), limit });
      return c.json(wish ? { ...times, wish: "missed" } : times, 200, noStore);
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
    const template = body.template_id === templates.getStarted ? templates.getStarted : templates.lead;
    try {
      const result = await service.confirm(body.holdId, {
        kind: template === templates.getStarted ? "get-started" : "lead",
        template,
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
  const html = (c, text, status = 200) => c.body(text, status, pageHeaders);
  const invalid = (c) => html(c, managePage({ copy, styles, notice: copy.page.invalid }), 404);

  /**
   * The page of a booking: with the days and times it may move to, or its cancellation's step.
   * @param {{ notice?: string, alert?: boolean, day?: unknown, step?: "" | "cancel" }} [view]
   */
  async function show(c, meeting, token, { notice = "", alert = false, day = "", step = "" } = {}) {
    const days = meeting.state === "booked" && step !== "cancel" ? await service.freeDays().catch(() => []) : [];
    return html(
      c,
      managePage({
        copy,
        styles,
        meeting,
        token,
        label: service.label(meeting.start),
        days,
        day: typeof day === "string" ? day : "",
        step,
        notice,
        alert,
      }),
    );
  }

  app.get(MANAGE_PATH, async (c) => {
    const wait = await readLimit.take(c);
    if (wait !== null) return c.text("Too Many Requests", 429, { "Retry-After": String(wait) });
    const token = c.req.query("t") ?? "";
    try {
      const meeting = await service.byToken(token);
      if (!meeting) return invalid(c);
      return show(c, meeting, token, {
        day: c.req.query("dag"),
        step: c.req.query("steg") === "avboka" ? "cancel" : "",
      });
    } catch {
      return html(c, managePage({ copy, styles, notice: copy.page.busy, alert: true }), 503);
    }
  });

  app.post(MANAGE_PATH, limitBody(MAX_FORM_BYTES), async (c) => {
    if (!isSameOrigin(c, { siteOrigin, trustProxy })) return c.text("Forbidden: not from this site", 403);
    const wait = await readLimit.take(c);
    if (wait !== null) return c.text("Too Many Requests", 429, { "Retry-After": String(wait) });
    const form = await c.req.parseBody().catch(() => ({}));
    const token = typeof form.t === "string" ? form.t : "";
    try {
      const meeting = await service.byToken(token);
      if (!meeting) return invalid(c);
      // Only the confirmation step's post cancels; an unconfirmed one (an old page's) asks first.
      if (form.action === "cancel" && meeting.state === "booked") {
        if (form.confirmed !== "1") return show(c, meeting, token, { step: "cancel" });
        const cancelled = await service.cancel(meeting.id, null, { byVisitor: true });
        return show(c, cancelled ?? meeting, token);
      }
      if (form.action === "move" && meeting.state === "booked" && typeof form.start === "string") {
        const moved = await service.move(meeting.id, form.start);
        if (moved.status === "moved") return show(c, moved.meeting, token, { notice: copy.page.moved });
        return show(c, meeting, token, { notice: copy.page.taken, alert: true, day: form.dag });
      }
      return show(c, meeting, token);
    } catch {
      return html(c, managePage({ copy, styles, notice: copy.page.busy, alert: true }), 503);
    }
  });
}
