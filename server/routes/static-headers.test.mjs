// @vitest-environment node
// The whole answer of `node server/index.mjs` for a page, a hashed asset and a 404, header by header
// and byte by byte, pinned as it was before the static fast path (issue 53, decision 071).
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes, securityHeaders } from "../guards/security-headers.mjs";
import { tempDir } from "../testing/helpers.mjs";
import { startServerProcess } from "../testing/server-process.mjs";

const MTIME = new Date("2026-12-01T10:00:00Z");
const page = `<!DOCTYPE html><title>Start</title><script>window.x=1</script>${"<p>text</p>".repeat(80)}`;
const asset = `export const a = ${JSON.stringify("x".repeat(3000))};\n`;
const notFound = "<!DOCTYPE html><title>404</title><p>Sidan finns inte</p>";
const files = {
  "index.html": page,
  "kom-igang/index.html": page.replace("Start", "Kom igång"),
  "assets/entry-Ab12Cd34.js": asset,
  "assets/logo-Zz99.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  "404/index.html": notFound,
  "robots.txt": "User-agent: *\n",
};
const compressed = ["index.html", "kom-igang/index.html", "assets/entry-Ab12Cd34.js", "404/index.html"];

/** @type {ReturnType<typeof startServerProcess>} */
let server;
let url = "";
beforeAll(async () => {
  const dir = await tempDir();
  const root = join(dir, "client");
  const write = async (name, body) => {
    await mkdir(join(root, name, ".."), { recursive: true });
    await writeFile(join(root, name), body);
    await utimes(join(root, name), MTIME, MTIME);
  };
  for (const [name, body] of Object.entries(files)) await write(name, body);
  for (const name of compressed) {
    await write(`${name}.gz`, gzipSync(files[name], { level: 9 }));
    await write(`${name}.br`, brotliCompressSync(files[name]));
  }
  server = startServerProcess({ BUILD_ROOT: root, INBOX_DIR: join(dir, "inbox"), LOG_FORMAT: "json" });
  url = await server.url;
});
afterAll(() => server?.child.kill("SIGKILL"));

/** The raw answer: status, headers as the wire has them (Date and the request id set aside), body bytes. */
function once(path, headers = {}, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const { date, "x-request-id": id, ...rest } = res.headers;
        const rawNames = res.rawHeaders.filter((_, i) => i % 2 === 0);
        resolve({ status: res.statusCode, headers: rest, id, date, rawNames, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The same request twice: the first answered by the chain, the second from memory when it is a kept file. */
async function raw(path, headers = {}, method = "GET") {
  const first = await once(path, headers, method);
  const second = await once(path, headers, method);
  expect({ ...second, id: undefined, date: undefined }, `${method} ${path} again`).toEqual({
    ...first,
    id: undefined,
    date: undefined,
  });
  expect(second.rawNames, `${method} ${path} again`).toEqual(first.rawNames);
  return second;
}

const SECURITY = {
  "content-security-policy": securityHeaders({ scriptHashes: inlineScriptHashes([page]) })["Content-Security-Policy"],
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "microphone=(self), camera=(), geolocation=(), payment=(), usb=()",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};
const KEEP = { connection: "keep-alive", "keep-alive": "timeout=5" };
const LAST_MODIFIED = MTIME.toUTCString();
const etag = (size) => `W/"${size.toString(16)}-${MTIME.getTime().toString(16)}"`;
const size = (name) => Buffer.byteLength(files[name]);
const gz = (name) => gzipSync(files[name], { level: 9 });
const br = (name) => brotliCompressSync(files[name]);

describe("what the server sends for a page, a hashed asset and a 404", () => {
  it("sends / in each encoding with the same headers as before", async () => {
    for (const [encoding, body] of [
      ["gzip", gz("index.html")],
      ["br", br("index.html")],
    ]) {
      const res = await raw("/", { "accept-encoding": encoding === "gzip" ? "gzip, deflate" : "br, gzip" });
      expect(res.status).toBe(200);
      expect(res.headers).toEqual({
        ...SECURITY,
        ...KEEP,
        "cache-control": "no-cache",
        "content-encoding": encoding,
        "content-length": String(body.length),
        "content-type": "text/html; charset=utf-8",
        etag: etag(body.length),
        "last-modified": LAST_MODIFIED,
        vary: "Accept-Encoding",
      });
      expect(res.body.equals(body)).toBe(true);
      expect(res.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(res.date).getTime()).not.toBeNaN();
    }
    const plain = await raw("/");
    expect(plain.headers).toEqual({
      ...SECURITY,
      ...KEEP,
      "cache-control": "no-cache",
      "content-length": String(size("index.html")),
      "content-type": "text/html; charset=utf-8",
      etag: etag(size("index.html")),
      "last-modified": LAST_MODIFIED,
      vary: "Accept-Encoding",
    });
    expect(plain.body.toString()).toBe(page);
  });

  it("answers HEAD, a conditional GET and a given request id for / as before", async () => {
    const head = await raw("/", { "accept-encoding": "gzip", "x-request-id": "bench-1" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.id).toBe("bench-1");
    expect(head.headers).toEqual({
      ...SECURITY,
      ...KEEP,
      "cache-control": "no-cache",
      "content-encoding": "gzip",
      "content-length": String(gz("index.html").length),
      "content-type": "text/html; charset=utf-8",
      etag: etag(gz("index.html").length),
      "last-modified": LAST_MODIFIED,
      vary: "Accept-Encoding",
    });
    expect(head.body.length).toBe(0);
    const logged = () => server.lines.map((l) => JSON.parse(l)).find((l) => l.requestId === "bench-1");
    for (let i = 0; i < 100 && !logged(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(logged()).toMatchObject({
      level: "info",
      method: "HEAD",
      route: "/",
      status: 200,
      msg: expect.stringMatching(/^HEAD \/ 200 \d+ms$/),
    });
    const again = await raw("/", { "accept-encoding": "gzip", "if-none-match": etag(gz("index.html").length) });
    expect(again.status).toBe(304);
    expect(again.headers).toEqual({
      ...SECURITY,
      ...KEEP,
      "cache-control": "no-cache",
      "content-encoding": "gzip",
      "content-length": String(gz("index.html").length),
      etag: etag(gz("index.html").length),
      "last-modified": LAST_MODIFIED,
      vary: "Accept-Encoding",
    });
    const since = await raw("/kom-igang", { "if-modified-since": LAST_MODIFIED });
    expect(since.status).toBe(304);
    expect(since.body.length).toBe(0);
  });

  it("sends a hashed asset as immutable, whole or a range", async () => {
    const res = await raw("/assets/entry-Ab12Cd34.js", { "accept-encoding": "gzip, deflate, br" });
    const body = br("assets/entry-Ab12Cd34.js");
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({
      ...SECURITY,
      ...KEEP,
      "cache-control": "public, max-age=31536000, immutable",
      "content-encoding": "br",
      "content-length": String(body.length),
      "content-type": "text/javascript; charset=utf-8",
      etag: etag(body.length),
      "last-modified": LAST_MODIFIED,
      vary: "Accept-Encoding",
    });
    expect(res.body.equals(body)).toBe(true);
    const svg = await raw("/assets/logo-Zz99.svg", { "accept-encoding": "gzip" });
    expect(svg.headers).toEqual({
      ...SECURITY,
      ...KEEP,
      "cache-control": "public, max-age=31536000, immutable",
      "content-length": String(size("assets/logo-Zz99.svg")),
      "content-type": "image/svg+xml; charset=utf-8",
      etag: etag(size("assets/logo-Zz99.svg")),
      "last-modified": LAST_MODIFIED,
    });
    const part = await raw("/assets/entry-Ab12Cd34.js", { range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers).toEqual({
      ...SECURITY,
      ...KEEP,
      "accept-ranges": "bytes",
      "cache-control": "public, max-age=31536000, immutable",
      "content-length": "10",
      "content-range": `bytes 0-9/${size("assets/entry-Ab12Cd34.js")}`,
      "content-type": "text/javascript; charset=utf-8",
      etag: etag(size("assets/entry-Ab12Cd34.js")),
      "last-modified": LAST_MODIFIED,
      vary: "Accept-Encoding",
    });
    expect(part.body.toString()).toBe(asset.slice(0, 10));
    const text = await raw("/robots.txt");
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(text.headers["cache-control"]).toBe("no-cache");
  });

  it("answers an unknown path and a hidden file with the 404 page as before", async () => {
    for (const path of ["/finns-inte", "/assets/nope-123.js", "/404/index.html"]) {
      const res = await raw(path, { "accept-encoding": "gzip, deflate, br" });
      expect(res.status, path).toBe(404);
      expect(res.headers, path).toEqual({
        ...SECURITY,
        ...KEEP,
        "cache-control": "no-cache",
        "content-encoding": "br",
        "content-length": String(br("404/index.html").length),
        "content-type": "text/html; charset=UTF-8",
        vary: "Accept-Encoding",
      });
      expect(res.body.equals(br("404/index.html")), path).toBe(true);
    }
    const plain = await raw("/finns-inte");
    expect(plain.headers).toEqual({
      ...SECURITY,
      ...KEEP,
      "cache-control": "no-cache",
      "content-length": String(Buffer.byteLength(notFound)),
      "content-type": "text/html; charset=UTF-8",
      vary: "Accept-Encoding",
    });
    expect(plain.body.toString()).toBe(notFound);
    const post = await raw("/", {}, "POST");
    expect(post.status).toBe(404);
  });
});
