import { serve } from "@hono/node-server";
import { fileURLToPath } from "node:url";
import { createApp } from "./app.mjs";

const root = process.env.BUILD_ROOT ?? fileURLToPath(new URL("../build/client", import.meta.url));
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "127.0.0.1";
const log = process.env.NODE_ENV !== "production";

const inboxDir = process.env.INBOX_DIR ?? fileURLToPath(new URL("../data/inbox", import.meta.url));

const app = createApp({ root, inboxDir, log });
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Serving ${root} on http://${host}:${info.port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
