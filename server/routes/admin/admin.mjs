import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { INSIGHT_DAYS } from "../../../app/config/visitor-questions.mjs";
import { clientIp } from "../../guards/client-ip.mjs";
import { hasMediaType, isSameOrigin, limitBody } from "../../guards/request.mjs";
import { stockholmDay } from "../insights/report.mjs";
import { createLimiter, secondsUntil } from "../../guards/limiters.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";
import { fullMessage, listFilters, listItem, messagesCsv } from "./messages.mjs";
import { parseHash, verifyPassword } from "./password.mjs";
import { createSessions, SESSION_MAX_MS } from "./sessions.mjs";

export const SESSION_COOKIE = "admin_session";
/** Login attempts: 5 per client and 100 in total per 15 minutes, then 429 until the window ends. */
export const LOGIN_LIMITS = { perClient: { points: 5, duration: 900 }, total: { points: 100, duration: 900 } };
const MAX_ADMIN_BODY = 16 * 1024;
const CSV_BATCH = 500;

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The store is there but answered with an error: the page says the database cannot be reached. */
const unavailable = (c) => c.json({ error: "store-unavailable" }, 503);

/**
 * The operator's page: `/admin` and `/api/admin/*`, only when `passwordHash` is set (else both are
 * the plain 404). Every API but login answers 401 without a session; every request must be
 * same-origin, and every one that changes something JSON (a cross-site form cannot send it).
 * @param {import("hono").Hono} app
 * @param {{ passwordHash?: string, store?: any, insights?: any, templates: Record<string, string>,
 *   siteOrigin?: string, trustProxy?: boolean, sessions?: ReturnType<typeof createSessions>,
 *   loginLimits?: typeof LOGIN_LIMITS, now?: () => Date, log?: (line: string) => void }} options
 */
export function mountAdmin(app, options) {
  const { passwordHash, store, insights, templates, siteOrigin, trustProxy, now = () => new Date() } = options;
  const log = options.log ?? ((line) => console.log(line));
  const parsed = passwordHash ? parseHash(passwordHash) : null;
  if (passwordHash && !parsed) log("admin: ADMIN_PASSWORD_HASH is not a hash from `npm run admin:hash`; /admin is off");
  if (!parsed) {
    for (const path of ["/admin", "/admin/*", "/api/admin/*"]) app.all(path, (c) => c.notFound());
    return null;
  }

  const sessions = options.sessions ?? createSessions();
  const limits = options.loginLimits ?? LOGIN_LIMITS;
  const perClient = createLimiter({ keyPrefix: "admin-login-client", ...limits.perClient });
  const total = createLimiter({ keyPrefix: "admin-login-total", ...limits.total });
  const ipOf = (c) => clientIp(c, trustProxy === undefined ? undefined : { trustProxy });

  app.use("/admin", async (c, next) => {
    await next();
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
  });
  app.all("/admin/*", (c) => c.notFound());

  app.use("/api/admin/*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (!isSameOrigin(c, { siteOrigin, trustProxy })) return c.json({ error: "cross-site" }, 403);
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !hasMediaType(c, "application/json")) {
      return c.json({ error: "json-only" }, 415);
    }
    return next();
  });
  app.use("/api/admin/*", limitBody(MAX_ADMIN_BODY));

  app.post("/api/admin/login", async (c) => {
    try {
      await perClient.consume(ipOf(c));
      await total.consume("all");
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      const wait = secondsUntil(rejection);
      return c.json({ error: "locked", retryAfter: wait }, 429, { "Retry-After": String(wait) });
    }
    const body = await c.req.json().catch(() => null);
    const password = typeof body?.password === "string" ? body.password.slice(0, 1024) : "";
    if (!(await verifyPassword(password, parsed))) {
      log("admin: failed login");
      return c.json({ error: "wrong-password" }, 401);
    }
    await perClient.delete(ipOf(c));
    const id = sessions.create();
    setCookie(c, SESSION_COOKIE, id, {
      httpOnly: true,
      secure: !LOOPBACK.has(new URL(c.req.url).hostname),
      sameSite: "Strict",
      path: "/",
      maxAge: Math.floor(SESSION_MAX_MS / 1000),
    });
    log("admin: login");
    return c.body(null, 204);
  });

  app.post("/api/admin/logout", (c) => {
    sessions.end(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.body(null, 204);
  });

  // Every route below needs a session.
  app.use("/api/admin/*", async (c, next) => {
    if (!sessions.touch(getCookie(c, SESSION_COOKIE))) return c.json({ error: "no-session" }, 401);
    return next();
  });

  app.get("/api/admin/session", (c) => c.json({ ok: true, store: Boolean(store), insights: Boolean(insights) }));

  /** Runs a store call; the page gets 503 when the store is missing or fails. */
  const withStore = (handler) => async (c) => {
    if (!store) return unavailable(c);
    try {
      return await handler(c);
    } catch (error) {
      log(`admin: the store failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
  };

  app.get(
    "/api/admin/messages",
    withStore(async (c) => {
      const { total: count, items } = await store.listMessages(listFilters(c.req.query()));
      return c.json({ total: count, items: items.map(listItem) });
    }),
  );

  app.get(
    "/api/admin/messages.csv",
    withStore(async (c) => {
      const filters = listFilters(c.req.query());
      const all = [];
      for (let offset = 0; ; offset += CSV_BATCH) {
        const { items } = await store.listMessages({ ...filters, limit: CSV_BATCH, offset });
        all.push(...items);
        if (items.length < CSV_BATCH) break;
      }
      const day = stockholmDay(now());
      return c.body(`\uFEFF${messagesCsv(all, templates)}`, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="inkorg-${day}.csv"`,
      });
    }),
  );

  app.get(
    "/api/admin/messages/:id",
    withStore(async (c) => {
      const message = await store.getMessage(c.req.param("id"));
      return message ? c.json(fullMessage(message)) : c.json({ error: "not-found" }, 404);
    }),
  );

  app.post(
    "/api/admin/messages/:id",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const change = {};
      if (body?.state === "open" || body?.state === "handled") change.state = body.state;
      if (typeof body?.note === "string") change.note = body.note.slice(0, 4000);
      if (Object.keys(change).length === 0) return c.json({ error: "nothing-to-change" }, 400);
      const id = c.req.param("id");
      if (!(await store.getMessage(id))) return c.json({ error: "not-found" }, 404);
      await store.updateMessage(id, change);
      return c.json(fullMessage(await store.getMessage(id)));
    }),
  );

  // Any address a message was kept with (also before the inbox took one bare address only), on one line.
  const emailOf = (value) =>
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    typeof value === "string" && /^[^\u0000-\u001f\u007f]{1,1000}$/.test(value.trim()) && value.includes("@")
      ? value.trim()
      : null;

  app.get(
    "/api/admin/people/export",
    withStore(async (c) => {
      const email = emailOf(c.req.query("email"));
      if (!email) return c.json({ error: "email-required" }, 400);
      const records = await store.exportPerson(email);
      return c.json({ email, exportedAt: now().toISOString(), messages: records }, 200, {
        "Content-Disposition": `attachment; filename="personuppgifter.json"`,
      });
    }),
  );

  app.post(
    "/api/admin/people/erase",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const email = emailOf(body?.email);
      if (!email || body?.confirm !== email) return c.json({ error: "confirmation-required" }, 400);
      const erased = await store.erasePerson(email);
      log(`admin: erased ${erased} message(s) of one person`);
      return c.json({ erased });
    }),
  );

  app.get("/api/admin/insights", async (c) => {
    if (!insights) return unavailable(c);
    try {
      return c.json(await insights.summary({ today: stockholmDay(now()), days: INSIGHT_DAYS }));
    } catch (error) {
      log(`admin: the insights failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
  });

  app.delete("/api/admin/insights/questions", async (c) => {
    if (!insights) return unavailable(c);
    try {
      const cleared = await insights.clearQuestions();
      log(`admin: cleared ${cleared} visitor question(s)`);
      return c.json({ cleared });
    } catch (error) {
      log(`admin: the insights failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
  });

  return { sessions };
}

/** Every admin API route (the server test checks that each answers 401 without a session). */
export const ADMIN_API_ROUTES = [
  ["GET", "/api/admin/session"],
  ["GET", "/api/admin/messages"],
  ["GET", "/api/admin/messages.csv"],
  ["GET", "/api/admin/messages/1"],
  ["POST", "/api/admin/messages/1"],
  ["GET", "/api/admin/people/export?email=a@b.se"],
  ["POST", "/api/admin/people/erase"],
  ["GET", "/api/admin/insights"],
  ["DELETE", "/api/admin/insights/questions"],
];
