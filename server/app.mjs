// The site's server: health first, outside every guard and limit (decision 053); the build and its 404 last.
import { Hono } from "hono";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { proxyHops } from "./guards/client-ip.mjs";
import { proxyWarning } from "./guards/request.mjs";
import { hashesOfBuild, securityHeaders } from "./guards/security-headers.mjs";
import { mountAdmin } from "./routes/admin/admin.mjs";
import { mountAdminMeetings } from "./routes/admin/meetings.mjs";
import { mountAssistant } from "./routes/assistant.mjs";
import { mountBooking } from "./booking/routes.mjs";
import { startBooking } from "./booking/index.mjs";
import { mountVapi } from "./routes/call-tools.mjs";
import { createEmmaTools } from "./emma/tools.mjs";
import { loadFormsConfig, mountFormPosts } from "./routes/forms.mjs";
import { mountInboxProbe } from "./routes/inbox-probe.mjs";
import { DEFAULT_TEMPLATES, mountInbox } from "./routes/inbox.mjs";
import { builtPages, mountInsightReports, REPORT_LIMITS } from "./routes/insights/report.mjs";
import { createStoreInsights, maxQuestionsFromEnv } from "./adapters/store/insights.mjs";
import { serveBuild } from "./routes/static.mjs";
import { logger, logRequests } from "./lib/logger.mjs";
import { mountHealth } from "./routes/health.mjs";
import { systemClock } from "./lib/clock.mjs";
import { envNumber } from "./lib/env-number.mjs";
import { createLive } from "./live/hub.mjs";
import { createLiveStreams, LIVE_LIMITS } from "./live/streams.mjs";
import { createTakeover } from "./takeover/service.mjs";
import { createVisitorStreams, VISITOR_STREAM_LIMITS } from "./takeover/visitor-streams.mjs";
import { mountTakeover } from "./routes/takeover.mjs";
import { createSalesTeam } from "./adapters/store/sales-team.mjs";
import { FIRST_ACCOUNT_ID } from "./routes/admin/sessions.mjs";

export function loadSecurityHeaders(root) {
  const file = join(root, "..", "security-headers.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  return securityHeaders({ scriptHashes: existsSync(root) ? hashesOfBuild(root) : [] });
}

/** @typedef {ReturnType<typeof import("./routes/static-replay.mjs").createStaticReplay>} Replay */

const HASHED_ASSET = /^\/assets\//;

/** A successful answer's Cache-Control when its route set none: the build's hashed assets forever, the rest revalidated. */
export const cacheControlOf = (path) => (HASHED_ASSET.test(path) ? "public, max-age=31536000, immutable" : "no-cache");

/** @typedef {{ maxBytes: number, rateLimit: { points: number, durationSeconds: number },
 *   emailRateLimit: { points: number, durationSeconds: number }, trustProxy: number, siteOrigin?: string,
 *   quiet?: boolean, databaseUrl?: string, store?: any, notifications?: any }} InboxOptions */

/** @returns {Partial<InboxOptions>} */
function inboxOptionsFromEnv(env = process.env) {
  const number = (name) => (env[name] && Number(env[name]) > 0 ? Number(env[name]) : undefined);
  return {
    maxBytes: number("INBOX_MAX_BYTES"),
    rateLimit: { points: number("INBOX_RATE_LIMIT"), durationSeconds: number("INBOX_RATE_WINDOW") },
    emailRateLimit: { points: number("INBOX_EMAIL_RATE_LIMIT"), durationSeconds: number("INBOX_RATE_WINDOW") },
    trustProxy: proxyHops(env.TRUST_PROXY),
    databaseUrl: env.DATABASE_URL || undefined,
  };
}

/** An Accept-Encoding's names, lowercased, less those refused with q=0 ("br;q=0, gzip": gzip). @param {string | undefined} header */
export function acceptedEncodings(header) {
  const allowed = new Set();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) allowed.add(name);
  }
  return allowed;
}

/** @typedef {Partial<Parameters<typeof createTakeover>[0]> & { limits?: Parameters<typeof mountTakeover>[1]["limits"], streams?: Partial<Parameters<typeof createVisitorStreams>[0]>, onStart?: (t: ReturnType<typeof createTakeover>) => void }} TakeoverOptions */

/** @param {{ root: string, inboxDir: string, log?: boolean, forms?: any, inbox?: Partial<InboxOptions>, assistant?: object, vapi?: Partial<Parameters<typeof mountVapi>[1]>,
 *   warn?: (line: string) => void, admin?: Partial<Parameters<typeof mountAdmin>[1]>, insights?: any, stopping?: () => boolean, replay?: Replay, live?: ReturnType<typeof createLive>,
 *   booking?: Pick<Parameters<typeof startBooking>[0], "config" | "calendar" | "now">, now?: import("./lib/clock.mjs").Clock, liveStreams?: Partial<Parameters<typeof createLiveStreams>[0]>, takeover?: TakeoverOptions }} options */
export function createApp({
  root,
  inboxDir,
  log = false,
  forms = loadFormsConfig(root),
  inbox = {},
  assistant = {},
  warn = (line) => logger.warn(line),
  vapi = {},
  admin = { passwordHash: process.env.ADMIN_PASSWORD_HASH },
  insights,
  stopping = () => false,
  booking = {},
  now = inbox.store?.now ?? systemClock,
  replay,
  live,
  liveStreams = {},
  takeover: takeoverOptions = {},
}) {
  const app = new Hono();
  const security = loadSecurityHeaders(root);
  const options = {
    ...inboxOptionsFromEnv(),
    templates: forms?.templates ?? DEFAULT_TEMPLATES,
    siteOrigin: forms?.siteUrl ? new URL(forms.siteUrl).origin : undefined,
    subjects: forms?.subjects,
    services: forms?.forms?.["get-started"]?.services?.map((/** @type {{ title: string }} */ s) => s.title),
    ...inbox,
  };

  /** @type {{ ping(): Promise<unknown> }} */
  let store = { ping: () => Promise.reject(new Error("no store yet")) };
  let calendarReady = async () => true;
  mountHealth(app, {
    store: { ping: () => store.ping() },
    calendar: { ready: () => calendarReady() },
    notifications: options.notifications,
    stopping,
  });

  if (log) app.use(logRequests());
  if (replay) app.use(replay.capture);
  app.use(async (c, next) => {
    await next();
    if (stopping()) c.res.headers.set("Connection", "close");
  });

  const warning = proxyWarning({ trustProxy: Boolean(options.trustProxy), warn });
  app.use(warning);
  replay?.alsoChainWhen((headers) => headers["x-forwarded-for"] !== undefined && Boolean(warning.pending?.()));

  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(security)) c.res.headers.set(name, value);
  });

  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control") && c.res.status < 400) {
      c.header("Cache-Control", cacheControlOf(c.req.path));
    }
  });

  const shared = mountInbox(app, { dir: inboxDir, now, ...options });
  store = shared.store;
  if (forms) mountFormPosts(app, { config: forms, root, ...shared, ...options });
  insights ??= createStoreInsights(shared.store, { maxQuestions: maxQuestionsFromEnv() });
  const bookingService = startBooking({
    now,
    ...booking,
    forms,
    store: shared.store,
    notifications: shared.notifications,
  });
  if (bookingService) {
    calendarReady = () => bookingService.calendarReady();
    mountBooking(app, {
      service: bookingService,
      copy: forms.booking,
      root,
      config: bookingService.config,
      templates: options.templates,
      siteOrigin: options.siteOrigin,
      trustProxy: options.trustProxy,
      databaseUrl: options.databaseUrl,
    });
  }
  /** @type {any} */
  let takeoverRef = { availability: () => ({ ask: false }) };
  const emmaTools = forms?.call
    ? (/** @type {any} */ index) =>
        createEmmaTools({
          call: forms.call,
          emma: forms.emma,
          index,
          store: shared.store,
          insights,
          emailLimit: shared.emailLimit,
          booking: bookingService ?? undefined,
          bookingCopy: forms.booking,
          now,
          availability: () => takeoverRef.availability(),
        })
    : null;
  mountAssistant(app, {
    root,
    siteOrigin: options.siteOrigin,
    tools: emmaTools,
    toolRule: forms?.emma?.rule,
    ...assistant,
  });
  mountVapi(app, {
    root,
    call: forms?.call,
    store: shared.store,
    insights,
    emailLimit: shared.emailLimit,
    booking: bookingService ?? undefined,
    bookingCopy: forms?.booking,
    now,
    ...vapi,
  });
  const reportsPerMinute = Number(process.env.INSIGHTS_RATE_LIMIT) || 0;
  mountInsightReports(app, {
    insights,
    pages: builtPages(root),
    limits:
      reportsPerMinute > 0
        ? {
            perClient: { points: reportsPerMinute, duration: 60 },
            total: { points: Math.max(REPORT_LIMITS.total.points, reportsPerMinute * 60), duration: 3600 },
          }
        : undefined,
    siteOrigin: options.siteOrigin,
    trustProxy: options.trustProxy,
    now,
  });
  mountInboxProbe(app, { insights: Boolean(insights) });
  live ??= createLive({ store: shared.store, now });
  const streams = createLiveStreams({
    live,
    maxConnections: envNumber(process.env, "LIVE_MAX_CONNECTIONS", LIVE_LIMITS.maxConnections),
    maxPerAddress: envNumber(process.env, "LIVE_MAX_PER_ADDRESS", LIVE_LIMITS.maxPerAddress),
    ...liveStreams,
  });
  const team = createSalesTeam(shared.store, { now });
  const { limits: takeoverLimits, streams: visitorStreamOptions, onStart, ...takeoverRest } = takeoverOptions;
  const takeover = createTakeover({
    store: shared.store,
    live,
    now,
    copy: forms?.takeover,
    notifications: shared.notifications,
    nameOf: async (id) =>
      id === FIRST_ACCOUNT_ID
        ? (forms?.admin?.firstAccountName ?? "Administratör")
        : ((await team.accountById(id))?.name ?? null),
    ...takeoverRest,
  });
  takeoverRef = takeover;
  onStart?.(takeover);
  const visitorStreams = createVisitorStreams({
    live,
    conversations: takeover.conversations,
    maxConnections: envNumber(process.env, "CHAT_MAX_STREAMS", VISITOR_STREAM_LIMITS.maxConnections),
    ...visitorStreamOptions,
  });
  mountTakeover(app, {
    takeover,
    live,
    streams: visitorStreams,
    siteOrigin: options.siteOrigin,
    trustProxy: options.trustProxy,
    databaseUrl: options.databaseUrl,
    limits: takeoverLimits,
  });
  const admined = mountAdmin(app, {
    root,
    copy: forms?.admin,
    notifications: shared.notifications ?? null,
    salesEmail: forms?.salesEmail,
    // Only an explicit development setting drops the cookie's Secure and __Host- (decision 040).
    development: process.env.NODE_ENV === "development",
    now,
    ...admin,
    store: shared.store,
    insights,
    templates: options.templates,
    siteOrigin: options.siteOrigin,
    trustProxy: options.trustProxy,
    streams,
    takeover: { takeover, live },
  });
  // The free meeting's view of the operator's page, behind mountAdmin's session check.
  if (admined && bookingService) mountAdminMeetings(app, { service: bookingService });

  // The prerendered 404 page is not a page of its own: asked for directly it is still a 404.
  app.get("/404/*", (c) => c.notFound());

  app.use("*", serveBuild({ root }));

  // Unknown paths get the 404 page, precompressed as postbuild wrote it (.br and .gz beside it).
  app.notFound(async (c) => {
    const accepts = acceptedEncodings(c.req.header("accept-encoding"));
    const headers = {
      "Cache-Control": "no-cache",
      "Content-Type": "text/html; charset=UTF-8",
      Vary: "Accept-Encoding",
    };
    for (const [encoding, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ]) {
      if (!accepts.has(encoding)) continue;
      const body = await readFile(join(root, "404", `index.html${ext}`)).catch(() => null);
      if (body) return c.body(body, 404, { ...headers, "Content-Encoding": encoding });
    }
    const html = await readFile(join(root, "404", "index.html"), "utf8").catch(() => "Not Found");
    return c.body(html, 404, headers);
  });

  return app;
}
