// A file of the build, once the whole chain has answered it, is answered again from memory with the same
// status, headers and bytes, straight on Node's response: the chain cost `/` 60 % of nginx's rate (decision 071).
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { logRequestLine, requestIdOf, routeOf } from "../lib/logger.mjs";
import { etagOf } from "./static.mjs";

const MAX_ENTRIES = 500;
const MAX_BODY = 4 * 1024 * 1024;
/** How often a kept file is compared with the disk, so a rebuilt file is never answered from memory for long. */
const RECHECK_MS = 1000;
/** Request headers the chain answers differently by: such requests always go through it. */
const CONDITIONS = ["range", "if-range", "if-none-match", "if-modified-since"];

const keyOf = (method, url, acceptEncoding) => `${method} ${url} ${acceptEncoding ?? ""}`;

/** @param {{ stopping?: () => boolean, now?: () => number }} [options] */
export function createStaticReplay({ stopping = () => false, now = () => performance.now() } = {}) {
  /** @type {Map<string, { headers: Record<string, string>, body: Buffer | null, route: string, file: string, mtimeMs: number, size: number, checkedAt: number }>} */
  const entries = new Map();
  /** One copy of a file's bytes for every URL and header that answers with it (`/?utm=…`). @type {Map<string, { body: Buffer, mtimeMs: number, size: number }>} */
  const files = new Map();
  const bytesOf = (file, stats) => {
    const kept = files.get(file);
    if (kept?.mtimeMs === stats.mtimeMs && kept.size === stats.size) return kept.body;
    const body = readFileSync(file);
    files.set(file, { body, mtimeMs: stats.mtimeMs, size: stats.size });
    return body;
  };
  /** @type {(headers: import("node:http").IncomingHttpHeaders) => boolean} */
  let chainWanted = () => false;

  const replay = {
    entries,
    /** How many answers came from memory. */
    served: 0,
    /** A request the chain must see although it would be kept (a warning not yet given). @param {typeof chainWanted} test */
    alsoChainWhen(test) {
      chainWanted = test;
    },
    /** The middleware just inside the request log: keeps a build file's 200 as the chain sent it. @type {import("hono").MiddlewareHandler} */
    async capture(c, next) {
      await next();
      const file = c.get("staticFile");
      const url = c.env?.incoming?.url;
      if (
        !file ||
        !url ||
        c.res.status !== 200 ||
        stopping() ||
        CONDITIONS.some((h) => c.req.header(h) !== undefined)
      ) {
        return;
      }
      const stats = statSync(file, { throwIfNoEntry: false });
      const headers = Object.fromEntries(c.res.headers);
      if (!stats || stats.size > MAX_BODY || headers.etag !== etagOf(stats) || "set-cookie" in headers) return;
      if (headers["content-length"] !== String(stats.size)) return;
      const method = c.req.method;
      const body = method === "HEAD" ? null : bytesOf(file, stats);
      if (body && body.length !== stats.size) return;
      headers["x-request-id"] = "";
      if (entries.size >= MAX_ENTRIES) entries.delete(/** @type {string} */ (entries.keys().next().value));
      entries.set(keyOf(method, url, c.req.header("accept-encoding")), {
        headers: Object.fromEntries(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1))),
        body,
        route: routeOf(c),
        file,
        mtimeMs: stats.mtimeMs,
        size: stats.size,
        checkedAt: now(),
      });
    },
    /** Answers a kept request; false for every other, which goes through the chain.
     * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
    handle(req, res) {
      const { method = "", headers: h } = req;
      if ((method !== "GET" && method !== "HEAD") || stopping()) return false;
      const key = keyOf(method, req.url, h["accept-encoding"]);
      const entry = entries.get(key);
      if (!entry || CONDITIONS.some((name) => h[name] !== undefined) || chainWanted(h)) return false;
      const start = now();
      if (start - entry.checkedAt > RECHECK_MS) {
        const stats = statSync(entry.file, { throwIfNoEntry: false });
        if (!stats || stats.mtimeMs !== entry.mtimeMs || stats.size !== entry.size) {
          entries.delete(key);
          return false;
        }
        entry.checkedAt = start;
      }
      const requestId = requestIdOf(/** @type {string | undefined} */ (h["x-request-id"]));
      res.writeHead(200, { ...entry.headers, "x-request-id": requestId });
      res.end(entry.body ?? undefined);
      logRequestLine({ method, route: entry.route, status: 200, start, requestId });
      replay.served++;
      return true;
    },
    /** For @hono/node-server's `serve`: Node's server, kept answers first. @type {(options: import("node:http").ServerOptions, listener: import("node:http").RequestListener) => import("node:http").Server} */
    createServer: (options, listener) =>
      createServer(options, (req, res) => replay.handle(req, res) || listener(req, res)),
  };
  return replay;
}
