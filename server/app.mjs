import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { mountInbox } from "./inbox.mjs";
import { hashesOfBuild, securityHeaders } from "./security-headers.mjs";

/** The headers the build wrote beside the client folder, or computed now if it wrote none. */
export function loadSecurityHeaders(root) {
  const file = join(root, "..", "security-headers.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  return securityHeaders({ scriptHashes: existsSync(root) ? hashesOfBuild(root) : [] });
}

const HASHED_ASSET = /^\/assets\//;

/**
 * The content codings an Accept-Encoding header allows: its names, lowercased, less those it
 * refuses with q=0 ("br;q=0, gzip" allows gzip only).
 * @param {string | undefined} header
 */
export function acceptedEncodings(header) {
  const allowed = new Set();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) allowed.add(name);
  }
  return allowed;
}

/**
 * The site's server: the prerendered build with precompressed files and cache headers, the 404
 * page with status 404. `root` is the folder of the client build.
 * @param {{ root: string, inboxDir: string, log?: boolean }} options
 */
export function createApp({ root, inboxDir, log = false }) {
  const app = new Hono();
  const security = loadSecurityHeaders(root);

  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(security)) c.res.headers.set(name, value);
  });

  if (log) {
    app.use(async (c, next) => {
      const start = performance.now();
      await next();
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - start)}ms`);
    });
  }

  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control") && c.res.status < 400) {
      c.header("Cache-Control", HASHED_ASSET.test(c.req.path) ? "public, max-age=31536000, immutable" : "no-cache");
    }
  });

  mountInbox(app, { dir: inboxDir });

  // The prerendered 404 page is not a page of its own: asked for directly it is still a 404.
  app.get("/404", (c) => c.notFound());
  app.get("/404/*", (c) => c.notFound());
  app.get("/__spa-fallback.html", (c) => c.notFound());
  app.get("/_headers", (c) => c.notFound());

  app.use("*", serveStatic({ root, precompressed: true }));

  // Unknown paths get the 404 page, precompressed like every other page (postbuild wrote its .br
  // and .gz beside it).
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
