import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { INSIGHT_DAYS } from "#common/visitor-questions.mjs";
import { isEmail } from "#common/email-address.mjs";
import { createSalesTeam } from "../../adapters/store/sales-team.mjs";
import { clientIp, clientKey } from "../../guards/client-ip.mjs";
import { hasMediaType, isSameOrigin, limitBody } from "../../guards/request.mjs";
import { createLimiter, secondsUntil } from "../../guards/limiters.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";
import { logLine } from "../../lib/logger.mjs";
import { stockholmDay } from "../insights/report.mjs";
import { conversationLinks } from "./insights.mjs";
import { csvBatches, fullMessage, listFilters, listItem } from "./messages.mjs";
export { CSV_BATCH } from "./messages.mjs";
import { createCheckQueue, hashPassword, parseHash, verifyPassword } from "./password.mjs";
import { replyMail } from "./reply.mjs";
import { createSessions, FIRST_ACCOUNT_ID } from "./sessions.mjs";
import { DEV_DEVICE_COOKIE, DEVICE_COOKIE, DEVICE_MAX_AGE_S, deviceToken, trustedDevice } from "./trusted-device.mjs";
import { systemClock } from "../../lib/clock.mjs";

/** The cookie: `__Host-` (Secure, Path=/, no Domain) unless NODE_ENV=development (decision 040). */
export const SESSION_COOKIE = "__Host-admin_session";
export const DEV_SESSION_COOKIE = "admin_session";
/** Login attempts: 5 per client and 100 in total per 15 minutes, then 429 until the window ends. */
export const LOGIN_LIMITS = { perClient: { points: 5, duration: 900 }, total: { points: 100, duration: 900 } };
/** Passwords a salesperson may choose: as `npm run admin:hash` asks. */
export const MIN_PASSWORD = 12;
const MAX_ADMIN_BODY = 64 * 1024;
const MAX_NOTE = 4000;
const MAX_REPLY = 10_000;

/** The store is there but answered with an error: the page says the database cannot be reached. */
const unavailable = (c) => c.json({ error: "store-unavailable" }, 503);

/** One bare address, as the inbox takes it: a reply goes to one person only. */
const replyAddressOf = (value) => (typeof value === "string" && isEmail(value) ? value.trim() : null);
/** Any address a message was kept with (also before the inbox took one bare address only): export, erasure. */
const personOf = (value) =>
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  typeof value === "string" && /^[^\u0000-\u001f\u007f]{1,1000}$/.test(value.trim()) && value.includes("@")
    ? value.trim()
    : null;

/** The network a client is in, for "a network that never failed": an IPv4 /24 or an IPv6 /64. */
export function networkOf(ip) {
  const key = clientKey(String(ip));
  return key.includes(":") ? key : `${key.split(".").slice(0, 3).join(".")}.0/24`;
}

/**
 * The operator's page: `/admin` and `/api/admin/*`, only when `passwordHash` is set (else both are
 * the plain 404). Every API but login and a one-time link answers 401 without a session; every
 * request must be same-origin, and every one that changes something JSON.
 * @param {import("hono").Hono} app
 * @param {{ passwordHash?: string, store?: any, insights?: any, templates?: Record<string, string>,
 *   siteOrigin?: string, trustProxy?: boolean | number, root?: string, copy?: any, team?: any,
 *   notifications?: { reply?: boolean, kick?: () => void } | null, salesEmail?: string,
 *   development?: boolean, hashCost?: { N: number, r: number, p: number }, loginLimits?: typeof LOGIN_LIMITS, checks?: ReturnType<typeof createCheckQueue>,
 *   now?: () => Date, clock?: () => number, log?: (line: string) => void }} options
 */
export function mountAdmin(app, options) {
  const {
    passwordHash,
    store,
    insights,
    siteOrigin,
    trustProxy,
    root,
    copy,
    now = store?.now ?? systemClock,
  } = options;
  const log = options.log ?? logLine;
  const parsed = passwordHash ? parseHash(passwordHash) : null;
  if (passwordHash && !parsed) log("admin: ADMIN_PASSWORD_HASH is not a hash from `npm run admin:hash`; /admin is off");
  if (!parsed) {
    for (const path of ["/admin", "/admin/*", "/api/admin/*"]) app.all(path, (c) => c.notFound());
    return null;
  }

  // Without the build's copy (build/forms.json), the CSV and replies still work, in plain words.
  if (!copy) log("admin: the build has no admin copy (build/forms.json); rebuild for Swedish CSV headers");
  const csvCopy = copy?.csv ?? { columns: {}, kinds: {}, states: {}, yes: "ja" };
  const replyCopy = copy?.reply ?? { subject: "Sv: {subject}", fallbackSubject: "", quoteIntro: "{date}, {name}:" };
  const team = options.team ?? (store ? createSalesTeam(store, { now }) : null);
  const firstAccount = {
    id: FIRST_ACCOUNT_ID,
    name: copy?.firstAccountName ?? "Administratör",
    email: "",
    passwordHash: /** @type {string} */ (passwordHash).trim(),
  };
  const sessions = team ? createSessions({ team, firstAccount, now: options.clock ?? (() => now().getTime()) }) : null;
  const limits = options.loginLimits ?? LOGIN_LIMITS;
  const perClient = createLimiter({ keyPrefix: "admin-login-client", ...limits.perClient });
  const perDevice = createLimiter({ keyPrefix: "admin-login-device", ...limits.perClient });
  const total = createLimiter({ keyPrefix: "admin-login-total", ...limits.total });
  const failedNetworks = createLimiter({
    keyPrefix: "admin-login-failed",
    points: 1_000_000,
    duration: limits.total.duration,
  });
  const checks = options.checks ?? createCheckQueue();
  // A known browser's checks queue apart: a burst of strangers' guesses cannot crowd them out.
  const knownChecks = createCheckQueue({ concurrency: 1, maxWaiting: 8 });
  const ipOf = (c) => clientIp(c, trustProxy === undefined ? undefined : { trustProxy: Number(trustProxy) });
  const cookieName = options.development ? DEV_SESSION_COOKIE : SESSION_COOKIE;
  const deviceCookie = options.development ? DEV_DEVICE_COOKIE : DEVICE_COOKIE;
  const notifications = options.notifications ?? null;

  // The page: the prerendered shell of the admin route, for /admin and every deep link under it.
  const page = async (c) => {
    const html = root ? await readFile(join(root, "admin", "index.html"), "utf8").catch(() => null) : null;
    if (html === null) return c.notFound();
    return c.html(html, 200, { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });
  };
  app.get("/admin", page);
  app.get("/admin/*", page);

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

  /** Runs a store call; the page gets 503 when the store is missing or fails. */
  const withStore = (handler) => async (c) => {
    if (!store || !team) return unavailable(c);
    try {
      return await handler(c);
    } catch (error) {
      log(`admin: the store failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
  };

  const startSession = async (c, account) => {
    const token = await /** @type {any} */ (sessions).create(account);
    setCookie(c, cookieName, token, {
      httpOnly: true,
      secure: !options.development,
      sameSite: "Strict",
      path: "/",
      maxAge: Math.floor(/** @type {any} */ (sessions).maxMs / 1000),
    });
  };

  const locked = (c, rejection) => {
    const wait = secondsUntil(rejection);
    return c.json({ error: "locked", retryAfter: wait }, 429, { "Retry-After": String(wait) });
  };

  app.post(
    "/api/admin/login",
    withStore(async (c) => {
      const network = networkOf(ipOf(c));
      const body = await c.req.json().catch(() => null);
      const password = typeof body?.password === "string" ? body.password.slice(0, 1024) : "";
      const email = typeof body?.email === "string" ? body.email.trim().slice(0, 320) : "";
      const account = email ? await team.accountByEmail(email) : firstAccount;
      // A browser this account logged in from counts alone; any other counts by its network.
      const device = trustedDevice(getCookie(c, deviceCookie), account);
      try {
        await (device ? perDevice.consume(device) : perClient.consume(network));
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        return locked(c, rejection);
      }
      // The total stops guessing spread over many addresses, but a network that never failed
      // still gets in: a lockout from guesses elsewhere does not lock the team out.
      try {
        if (!device) await total.consume("all");
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        if (((await failedNetworks.get(network))?.consumedPoints ?? 0) > 0) return locked(c, rejection);
      }
      const hash = account?.passwordHash ? parseHash(account.passwordHash) : null;
      // Without an account the same work is done against the first hash, so timing says nothing.
      const queue = device ? knownChecks : checks;
      const ok = await queue.run(() => verifyPassword(password, hash ?? /** @type {any} */ (parsed)));
      if (ok === null) return c.json({ error: "busy" }, 503, { "Retry-After": "2" });
      if (!ok || !hash || !account) {
        if (!device) await failedNetworks.consume(network).catch(() => {});
        log("admin: failed login");
        return c.json({ error: "wrong-password" }, 401);
      }
      await (device ? perDevice.delete(device) : perClient.delete(network));
      await startSession(c, account);
      setCookie(c, deviceCookie, deviceToken(/** @type {any} */ (account)), {
        httpOnly: true,
        secure: !options.development,
        sameSite: "Strict",
        path: "/",
        maxAge: DEVICE_MAX_AGE_S,
      });
      log("admin: login");
      return c.body(null, 204);
    }),
  );

  app.post(
    "/api/admin/logout",
    withStore(async (c) => {
      await /** @type {any} */ (sessions).end(getCookie(c, cookieName));
      deleteCookie(c, cookieName, { path: "/", secure: !options.development });
      return c.body(null, 204);
    }),
  );

  // A one-time link of `npm run admin:user`: who it is for, then the password they choose.
  app.post(
    "/api/admin/setup/check",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const account = typeof body?.token === "string" ? await team.accountBySetupToken(body.token) : null;
      return account ? c.json({ name: account.name, email: account.email }) : c.json({ error: "link-expired" }, 404);
    }),
  );
  app.post(
    "/api/admin/setup",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const account = typeof body?.token === "string" ? await team.accountBySetupToken(body.token) : null;
      if (!account) return c.json({ error: "link-expired" }, 404);
      const password = typeof body?.password === "string" ? body.password.slice(0, 1024) : "";
      if ([...password].length < MIN_PASSWORD) return c.json({ error: "password-too-short" }, 400);
      const hash = await checks.run(() => hashPassword(password, options.hashCost));
      if (hash === null) return c.json({ error: "busy" }, 503, { "Retry-After": "2" });
      await team.setPassword(account.id, hash);
      await startSession(c, { ...account, passwordHash: hash });
      log("admin: a salesperson chose a password");
      return c.body(null, 204);
    }),
  );

  // Every route below needs a session.
  app.use("/api/admin/*", async (c, next) => {
    if (!sessions) return unavailable(c);
    let live;
    try {
      live = await sessions.check(getCookie(c, cookieName));
    } catch (error) {
      log(`admin: the store failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
    if (!live) return c.json({ error: "no-session" }, 401);
    c.set("adminSession", live);
    return next();
  });

  const actorOf = (c) => {
    const { account } = c.get("adminSession");
    return { id: account.id, name: account.name };
  };
  const teamList = async () => [
    { id: firstAccount.id, name: firstAccount.name },
    ...(await team.listAccounts()).map((a) => ({ id: a.id, name: a.name })),
  ];

  app.get("/api/admin/session", async (c) => {
    const { account, session } = c.get("adminSession");
    return c.json({
      ok: true,
      store: Boolean(store),
      insights: Boolean(insights),
      me: { id: account.id, name: account.name, email: account.email },
      since: session.since,
      canReply: Boolean(notifications?.reply),
      salesEmail: options.salesEmail ?? "",
    });
  });

  app.get(
    "/api/admin/team",
    withStore(async (c) => c.json({ people: await teamList() })),
  );

  app.post(
    "/api/admin/password",
    withStore(async (c) => {
      const { account } = c.get("adminSession");
      if (account.id === firstAccount.id) return c.json({ error: "first-account" }, 409);
      const body = await c.req.json().catch(() => null);
      const current = typeof body?.current === "string" ? body.current.slice(0, 1024) : "";
      const next = typeof body?.password === "string" ? body.password.slice(0, 1024) : "";
      if ([...next].length < MIN_PASSWORD) return c.json({ error: "password-too-short" }, 400);
      const right = await checks.run(() =>
        verifyPassword(current, /** @type {any} */ (parseHash(account.passwordHash))),
      );
      if (right === null) return c.json({ error: "busy" }, 503, { "Retry-After": "2" });
      if (!right) return c.json({ error: "wrong-password" }, 401);
      const hash = await checks.run(() => hashPassword(next, options.hashCost));
      if (hash === null) return c.json({ error: "busy" }, 503, { "Retry-After": "2" });
      await team.setPassword(account.id, hash);
      await startSession(c, { ...account, passwordHash: hash });
      log("admin: a salesperson changed the password; their other sessions ended");
      return c.body(null, 204);
    }),
  );

  app.get(
    "/api/admin/messages",
    withStore(async (c) => {
      const { session } = c.get("adminSession");
      const owners = (await teamList()).map((p) => p.id);
      const { total: count, items } = await store.listMessages(listFilters(c.req.query(), owners));
      return c.json({ total: count, items: items.map((m) => listItem(m, { since: session.since })) });
    }),
  );

  // What the page polls: how many messages came since the last visit, and the newest one's time.
  app.get(
    "/api/admin/updates",
    withStore(async (c) => {
      const { session } = c.get("adminSession");
      const newer = session.since
        ? await store.listMessages({ since: session.since, state: "open", limit: 1 })
        : { total: 0 };
      const { items } = await store.listMessages({ limit: 1 });
      return c.json({ newCount: newer.total, latest: items[0]?.id ?? null, latestAt: items[0]?.receivedAt ?? null });
    }),
  );

  app.get(
    "/api/admin/messages.csv",
    withStore(async (c) => {
      const owners = (await teamList()).map((p) => p.id);
      const filters = { ...listFilters(c.req.query(), owners), order: /** @type {const} */ ("asc") };
      const actor = actorOf(c);
      const encoder = new TextEncoder();
      let count = 0;
      const batches = csvBatches({
        store,
        team,
        copy: csvCopy,
        filters,
        onBatch: async (items) => {
          count += items.length;
          await team.addEvents(
            items.map((m) => m.id),
            actor,
            "export",
            { format: "csv" },
          );
        },
      });
      // Pulled one batch at a time: the memory it holds is one batch, whatever the inbox holds.
      const body = new ReadableStream({
        async pull(controller) {
          try {
            const { value, done } = await batches.next();
            if (done) {
              log(`admin: exported ${count} message(s) as CSV`);
              controller.close();
            } else controller.enqueue(encoder.encode(value));
          } catch (error) {
            log(`admin: the CSV export failed: ${safeForLog(error?.message ?? error)}`);
            controller.error(error);
          }
        },
      });
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="inkorg-${stockholmDay(now())}.csv"`,
      });
    }),
  );

  const messageWithHistory = async (id) => {
    const message = await store.getMessage(id);
    return message ? fullMessage(message, await team.eventsOf(id)) : null;
  };

  app.get(
    "/api/admin/messages/:id",
    withStore(async (c) => {
      const message = await messageWithHistory(c.req.param("id"));
      return message ? c.json(message) : c.json({ error: "not-found" }, 404);
    }),
  );

  app.post(
    "/api/admin/messages/:id",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const state = ["open", "handled"].includes(body?.state) ? body.state : null;
      if (!state) return c.json({ error: "nothing-to-change" }, 400);
      const id = c.req.param("id");
      if (!(await store.getMessage(id))) return c.json({ error: "not-found" }, 404);
      await store.updateMessage(id, { state });
      await team.addEvent(id, actorOf(c), state === "handled" ? "handled" : "reopened");
      return c.json(await messageWithHistory(id));
    }),
  );

  app.post(
    "/api/admin/messages/:id/notes",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const text = typeof body?.text === "string" ? body.text.trim().slice(0, MAX_NOTE) : "";
      if (!text) return c.json({ error: "empty-note" }, 400);
      const id = c.req.param("id");
      if (!(await store.getMessage(id))) return c.json({ error: "not-found" }, 404);
      await team.addEvent(id, actorOf(c), "note", { text });
      // The notes' text is searchable with the message's own.
      const notes = (await team.eventsOf(id)).filter((e) => e.action === "note").map((e) => e.detail?.text ?? "");
      await store.updateMessage(id, { note: notes.join("\n") });
      return c.json(await messageWithHistory(id));
    }),
  );

  app.post(
    "/api/admin/messages/:id/owner",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const id = c.req.param("id");
      const ownerId = body?.ownerId === null ? null : typeof body?.ownerId === "string" ? body.ownerId : undefined;
      if (ownerId === undefined) return c.json({ error: "owner-required" }, 400);
      const owner = ownerId === null ? null : (await teamList()).find((p) => p.id === ownerId);
      if (owner === undefined) return c.json({ error: "unknown-owner" }, 400);
      if (!(await store.getMessage(id))) return c.json({ error: "not-found" }, 404);
      await store.updateMessage(id, { owner });
      await team.addEvent(id, actorOf(c), "assigned", { ownerName: owner?.name ?? null });
      return c.json(await messageWithHistory(id));
    }),
  );

  app.post(
    "/api/admin/messages/:id/reply",
    withStore(async (c) => {
      if (!notifications?.reply) return c.json({ error: "no-smtp" }, 409);
      const body = await c.req.json().catch(() => null);
      const text = typeof body?.text === "string" ? body.text.trim().slice(0, MAX_REPLY) : "";
      if (!text) return c.json({ error: "empty-reply" }, 400);
      const id = c.req.param("id");
      const message = await store.getMessage(id);
      if (!message) return c.json({ error: "not-found" }, 404);
      const to = replyAddressOf(message.email ?? message.params?.from_email);
      if (!to) return c.json({ error: "no-email" }, 400);
      const event = await team.addEvent(id, actorOf(c), "reply", { text, to });
      const mail = replyMail({ message, text, to, copy: replyCopy });
      await store.enqueueMail(id, { channel: "reply", key: `${id}:reply:${event.id}`, payload: mail });
      await store.updateMessage(id, { state: "answered" });
      notifications.kick?.();
      return c.json(await messageWithHistory(id));
    }),
  );

  app.get(
    "/api/admin/people/export",
    withStore(async (c) => {
      const email = personOf(c.req.query("email"));
      if (!email) return c.json({ error: "email-required" }, 400);
      const records = await store.exportPerson(email);
      for (const r of records) await team.addEvent(r.id, actorOf(c), "export", { format: "json" });
      return c.json({ email, exportedAt: now().toISOString(), messages: records }, 200, {
        "Content-Disposition": `attachment; filename="personuppgifter.json"`,
      });
    }),
  );

  app.post(
    "/api/admin/people/erase",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const email = personOf(body?.email);
      if (!email || body?.confirm !== email) return c.json({ error: "confirmation-required" }, 400);
      const erased = await store.erasePerson(email);
      // The messages and their history are gone; the team's record keeps who erased how many.
      await team.addEvent("*", actorOf(c), "erase", { count: erased });
      log(`admin: erased ${erased} message(s) of one person`);
      return c.json({ erased });
    }),
  );

  app.get("/api/admin/insights", async (c) => {
    if (!insights) return unavailable(c);
    try {
      const summary = await insights.summary({ today: stockholmDay(now()), days: INSIGHT_DAYS });
      const links = store ? await conversationLinks(store, summary.unanswered) : new Map();
      return c.json({
        ...summary,
        unanswered: summary.unanswered.map((q) => ({ ...q, conversationId: links.get(q.key) ?? null })),
      });
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

  return { sessions, team };
}

/** Every admin API route (the server test checks that each answers 401 without a session). */
export const ADMIN_API_ROUTES = [
  ["GET", "/api/admin/session"],
  ["GET", "/api/admin/team"],
  ["POST", "/api/admin/password"],
  ["GET", "/api/admin/messages"],
  ["GET", "/api/admin/updates"],
  ["GET", "/api/admin/messages.csv"],
  ["GET", "/api/admin/messages/1"],
  ["POST", "/api/admin/messages/1"],
  ["POST", "/api/admin/messages/1/notes"],
  ["POST", "/api/admin/messages/1/owner"],
  ["POST", "/api/admin/messages/1/reply"],
  ["GET", "/api/admin/people/export?email=a@b.se"],
  ["POST", "/api/admin/people/erase"],
  ["GET", "/api/admin/insights"],
  ["DELETE", "/api/admin/insights/questions"],
];
