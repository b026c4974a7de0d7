import { serve } from "@hono/node-server";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { QUESTION_RETENTION_DAYS } from "../app/config/visitor-questions.mjs";
import { createApp } from "./app.mjs";
import { DEFAULT_TEMPLATES } from "./routes/inbox.mjs";
import { createStoreInsights, maxQuestionsFromEnv } from "./adapters/store/insights.mjs";
import { createNotifications } from "./adapters/notify/index.mjs";
import { DEFAULT_RESERVE_BYTES, openStore } from "./adapters/store/index.mjs";
import { retentionDaysFromEnv, startRetention } from "./adapters/store/retention.mjs";

const root = process.env.BUILD_ROOT ?? fileURLToPath(new URL("../build/client", import.meta.url));
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "127.0.0.1";
const log = process.env.NODE_ENV !== "production";

const inboxDir = process.env.INBOX_DIR ?? fileURLToPath(new URL("../data/inbox", import.meta.url));
const formsJson = join(root, "..", "forms.json");
const forms = existsSync(formsJson) ? JSON.parse(readFileSync(formsJson, "utf8")) : null;
const templates = forms?.templates ?? DEFAULT_TEMPLATES;
const maxBytes = Number(process.env.INBOX_MAX_BYTES) > 0 ? Number(process.env.INBOX_MAX_BYTES) : undefined;

const notifications = createNotifications({ forms });
const store = openStore({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dir: inboxDir,
  maxBytes,
  templates,
  notificationChannels: notifications?.channels ?? [],
  reserveBytes: DEFAULT_RESERVE_BYTES,
});
notifications?.start(store);
// Reaches the database at start: migrations, the old file's import, and a clear line if it is away.
const retention = startRetention(store, { days: retentionDaysFromEnv() });
// What visitors ask (the chat's reports and the calls' questions) goes after the policy's days.
const insights = createStoreInsights(store, { maxQuestions: maxQuestionsFromEnv() });
const questionRetention = startRetention(insights, { days: QUESTION_RETENTION_DAYS, what: "visitor question" });

const app = createApp({ root, inboxDir, log, forms, inbox: { store, notifications }, insights });
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Serving ${root} on http://${host}:${info.port} (store: ${store.where})`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    retention.stop();
    questionRetention.stop();
    server.close(() =>
      Promise.resolve(notifications?.stop())
        .then(() => store.close())
        .finally(() => process.exit(0)),
    );
  });
}
