// @vitest-environment node
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.mjs";
import { etagMatches } from "./static.mjs";

let app;
const page = "<!DOCTYPE html><title>Start</title>" + "<p>text</p>".repeat(50);

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), "build-"));
  await mkdir(join(root, "404"));
  for (const [name, body] of [
    ["index.html", page],
    ["index.html.br", "br-bytes"],
    ["index.html.gz", "gz-bytes"],
    ["__spa-fallback.html", page],
    ["__spa-fallback.html.br", "br"],
    ["__spa-fallback.html.gz", "gz"],
    ["_headers", "/*"],
    ["404/index.html", "<title>404</title>"],
  ])
    await writeFile(join(root, name), body);
  app = createApp({ root, inboxDir: join(root, "..", "inbox"), forms: null });
});

const get = (path, headers = {}) => app.request(path, { headers });

describe("static files", () => {
  it("answers an invalid or multi-part Range with the whole file (200), a valid one with 206", async () => {
    for (const range of ["bytes=abc", "bytes=5-2x", "items=0-9", "bytes=0-1,4-5", "bytes=-"]) {
      const res = await get("/index.html", { range });
      expect(res.status, range).toBe(200);
      expect(await res.text()).toBe(page);
    }
    const part = await get("/index.html", { range: "bytes=0-8" });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(page.slice(0, 9));
  });

  it("sends an ETag per encoding and answers a matching If-None-Match or If-Modified-Since with 304", async () => {
    const plain = await get("/");
    const etag = plain.headers.get("etag");
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const br = await get("/", { "accept-encoding": "br" });
    expect(br.headers.get("etag")).not.toBe(etag);

    const again = await get("/", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect((await get("/", { "if-none-match": `"other", ${etag}` })).status).toBe(304);
    expect((await get("/", { "if-none-match": '"other"' })).status).toBe(200);
    expect((await get("/", { "if-none-match": etag, "accept-encoding": "br" })).status).toBe(200);
    const lastModified = plain.headers.get("last-modified");
    expect((await get("/", { "if-modified-since": lastModified })).status).toBe(304);
    expect((await get("/", { "if-modified-since": "Thu, 01 Jan 2015 00:00:00 GMT" })).status).toBe(200);
  });

  it("sends Vary: Accept-Encoding with the uncompressed page too", async () => {
    expect((await get("/")).headers.get("vary")).toBe("Accept-Encoding");
    expect((await get("/", { "accept-encoding": "gzip" })).headers.get("vary")).toBe("Accept-Encoding");
  });

  it("blocks the SPA fallback, _headers and the 404 page's file in every encoding", async () => {
    for (const path of [
      "/__spa-fallback.html",
      "/__spa-fallback.html.br",
      "/__spa-fallback.html.gz",
      "/_headers",
      "/404",
      "/404/index.html",
    ]) {
      expect((await get(path, { "accept-encoding": "br, gzip" })).status, path).toBe(404);
    }
  });

  it("answers an unknown path with the 404 page, status 404", async () => {
    for (const path of ["/nope", "/assets/", "/nope.html.br"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe("<title>404</title>");
    }
  });

  it("compares ETags weakly", () => {
    expect(etagMatches('W/"a-1"', 'W/"a-1"')).toBe(true);
    expect(etagMatches('"a-1"', 'W/"a-1"')).toBe(true);
    expect(etagMatches("*", 'W/"a-1"')).toBe(true);
    expect(etagMatches('W/"a-2"', 'W/"a-1"')).toBe(false);
  });
});
