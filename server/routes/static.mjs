import { serveStatic } from "@hono/node-server/serve-static";
import { existsSync, statSync } from "node:fs";

/** Files of the build that are not pages of their own, with their precompressed copies. */
export const HIDDEN_FILE = /^\/(?:__spa-fallback\.html|_headers|404(?:\/index\.html)?)(?:\.br|\.gz|\.zst)?$/;

const VALID_RANGE = /^bytes=(?:\d+-\d*|-\d+)$/;

/** A weak validator from the file's size and modification time (each encoding its own file). */
export function etagOf(stats) {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

/** Whether an If-None-Match header names the given ETag (weak comparison, as for GET). */
export function etagMatches(header, etag) {
  const bare = (t) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}

/** An invalid Range gets the whole file, as RFC 9110 allows (decision 012). @param {{ root: string }} options */
export function serveBuild({ root }) {
  const serve = serveStatic({ root, precompressed: true, onFound: (path, c) => c.set("staticFile", path) });
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (HIDDEN_FILE.test(c.req.path)) return c.notFound();
    const range = c.req.header("range");
    if (range !== undefined && !VALID_RANGE.test(range.trim())) c.req.raw.headers.delete("range");
    // serveStatic answers with the file, or calls next() (the 404 page) and returns its context.
    const result = await serve(c, next);
    if (result instanceof Response) c.res = result;
    const file = c.get("staticFile");
    if (!file || (c.res.status !== 200 && c.res.status !== 206)) return;

    const stats = statSync(file);
    const etag = etagOf(stats);
    c.res.headers.set("ETag", etag);
    const plain = !c.res.headers.has("Content-Encoding");
    if (plain && !c.res.headers.has("Vary") && (existsSync(`${file}.br`) || existsSync(`${file}.gz`))) {
      c.res.headers.set("Vary", "Accept-Encoding");
    }
    const ifNoneMatch = c.req.header("if-none-match");
    const ifModifiedSince = c.req.header("if-modified-since");
    const notModified = ifNoneMatch
      ? etagMatches(ifNoneMatch, etag)
      : ifModifiedSince !== undefined &&
        Math.floor(stats.mtimeMs / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000);
    if (notModified && c.res.status === 200) {
      await c.res.body?.cancel();
      const headers = new Headers();
      for (const name of ["ETag", "Last-Modified", "Vary", "Cache-Control", "Content-Location"]) {
        const value = c.res.headers.get(name);
        if (value) headers.set(name, value);
      }
      c.res = new Response(null, { status: 304, headers });
    }
  };
}
