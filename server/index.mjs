import { serve } from "@hono/node-server";
import { fileURLToPath } from "node:url";
import { createApp } from "./app.mjs";

const root = fileURLToPath(new URL("../build/client", import.meta.url));
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "127.0.0.1";
const log = process.env.NODE_ENV !== "production";

const app = createApp({ root, log });
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Serving build/client on http://${host}:${info.port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
