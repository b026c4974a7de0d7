import { serve } from "@hono/node-server";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { QUESTION_RETENTION_DAYS } from "#common/visitor-questions.mjs";
import { createApp } from "./app.mjs";
import { createStaticReplay } from "./routes/static-replay.mjs";
import { DEFAULT_TEMPLATES } from "./routes/inbox.mjs";
import { createStoreInsights, maxQuestionsFromEnv } from "./adapters/store/insights.mjs";
import { createNotifications } from "./adapters/notify/index.mjs";
import { DEFAULT_RESERVE_BYTES, openStore } from "./adapters/store/index.mjs";
import { retentionDaysFromEnv, startRetention } from "./adapters/store/retention.mjs";
import { bookingConfig } from "./booking/config.mjs";
import { bookingDelivery, calendarOf, isBookingOn } from "./booking/index.mjs";
import { closeLimiterPools } from "./guards/limiters-postgres.mjs";
import { logger, logLine } from "./lib/logger.mjs";
import { envNumber } from "./lib/env-number.mjs";
import { systemClock } from "./lib/clock.mjs";
import { createLive } from "./live/hub.mjs";
import { LIVE_EVENT_DAYS } from "./live/streams.mjs";

const root = process.env.BUILD_ROOT ?? fileURLToPath(new URL("../build/client", import.meta.url));
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "127.0.0.1";
/** How long a stop waits for the requests in flight (a streamed answer, a lead) before it cuts them. */
const shutdownMs = envNumber(process.env, "SHUTDOWN_TIMEOUT_MS", 25_000);

const inboxDir = process.env.INBOX_DIR ?? fileURLToPath(new URL("../data/inbox", import.meta.url));
const formsJson = join(root, "..", "forms.json");
const forms = existsSync(formsJson) ? JSON.parse(readFileSync(formsJson, "utf8")) : null;
const templates = forms?.templates ?? DEFAULT_TEMPLATES;
const maxBytes = Number(process.env.INBOX_MAX_BYTES) > 0 ? Number(process.env.INBOX_MAX_BYTES) : undefined;

// The one clock of this process: everything below takes "now" from it (decision 057).
const now = systemClock;
const booking = bookingConfig();
const bookingOn = isBookingOn(booking, forms);
// One calendar for the endpoints and the queue, so a write clears the busy times' cache.
const calendar = bookingOn ? calendarOf(booking) : null;
const notifications = createNotifications({
  forms,
  now,
  deliveries: bookingOn ? [bookingDelivery({ config: booking, calendar, copy: forms.booking, now })] : [],
});
const store = openStore({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dir: inboxDir,
  maxBytes,
  templates,
  notificationChannels: notifications?.channels ?? [],
  reserveBytes: DEFAULT_RESERVE_BYTES,
  now,
});
notifications?.start(store);
// Reaches the database at start: migrations, the old file's import, and a clear line if it is away.
// Instances sharing a database sweep each round once: the one that claims it.
const claim = store.claimJob;
const retention = startRetention(store, { days: retentionDaysFromEnv(), claim, now });
const insights = createStoreInsights(store, { maxQuestions: maxQuestionsFromEnv() });
const questionRetention = startRetention(insights, {
  days: QUESTION_RETENTION_DAYS,
  what: "visitor question",
  claim,
  now,
});

// The team's page live: what the store writes, kept a day for resumes and told to every instance (decision 072).
const live = createLive({ store, now });
// Listening from the start: the chat's availability counts salespeople online on every instance (decision 074).
void live.ready();
const liveRetention = startRetention(
  { deleteOlderThan: (before) => store.pruneEvents(before) },
  { days: LIVE_EVENT_DAYS, everyMs: 60 * 60 * 1000, what: "live event", claim, now },
);

let stopping = false;
/** @type {any} */
let takeover = null;
const replay = createStaticReplay({ stopping: () => stopping });
const app = createApp({
  root,
  inboxDir,
  log: true,
  forms,
  inbox: { store, notifications },
  insights,
  stopping: () => stopping,
  booking: { config: booking, calendar },
  now,
  replay,
  live,
  takeover: { onStart: (t) => (takeover = t).start() },
});
const server = serve(
  {
    fetch: app.fetch,
    port,
    hostname: host,
    // The build's files the chain has answered once are answered from memory; everything else goes through it.
    createServer: replay.createServer,
  },
  (info) => {
    logLine(`Serving ${root} on http://${host}:${info.port} (store: ${store.where})`);
  },
);

/** SIGTERM (systemd, a rolling restart) or SIGINT: the requests in flight get `shutdownMs`, then the worker, the store's
 * writes and the log are flushed before exit 0 (decision 053). @param {string} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const started = performance.now();
  logLine(`stopping (${signal}): finishing the requests in flight`);
  retention.stop();
  questionRetention.stop();
  liveRetention.stop();
  takeover?.stop();
  // Streams never finish on their own: ended now, their browsers reconnect to another instance.
  await live.close().catch(() => {});
  const closed = new Promise((resolve) => server.close(() => resolve(true)));
  // Keep-alive connections close as soon as they are idle; a busy one after its response.
  const idle = setInterval(() => /** @type {any} */ (server).closeIdleConnections(), 50);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const finished = await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, shutdownMs, false)))]);
  clearTimeout(timer);
  clearInterval(idle);
  if (!finished) {
    logLine(`stopping: requests still open after ${shutdownMs} ms were cut`);
    /** @type {any} */ (server).closeAllConnections();
  }
  await Promise.resolve(notifications?.stop()).catch(() => {});
  await closeLimiterPools().catch(() => {});
  await store.close().catch(() => {});
  logLine(`stopped in ${Math.round(performance.now() - started)} ms`);
  logger.flush();
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
