// @vitest-environment node
import { serve } from "@hono/node-server";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.mjs";
import { tempDir } from "../testing/helpers.mjs";
import { createStaticReplay } from "./static-replay.mjs";

const page = `<!DOCTYPE html><title>Start</title>${"<p>text</p>".repeat(40)}`;
let root = "";
let url = "";
let clock = 0;
let stopping = false;
const warnings = [];
/** @type {ReturnType<typeof createStaticReplay>} */
let replay;
/** @type {import("node:http").Server} */
let server;

const write = async (name, body, at = new Date("2026-12-01T10:00:00Z")) => {
  await mkdir(join(root, name, ".."), { recursive: true });
  await writeFile(join(root, name), body);
  await utimes(join(root, name), at, at);
};

beforeAll(async () => {
  root = join(await tempDir(), "client");
  await write("index.html", page);
  await write("index.html.gz", gzipSync(page));
  await write("assets/app-Ab12.js", "export {};\n");
  await write("404/index.html", "<title>404</title>");
  replay = createStaticReplay({ stopping: () => stopping, now: () => clock });
  const app = createApp({
    root,
    inboxDir: join(root, "..", "inbox"),
    forms: null,
    log: true,
    stopping: () => stopping,
    warn: (line) => warnings.push(line),
    replay,
  });
  server = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", createServer: replay.createServer }, () =>
      resolve(s),
    );
  });
  url = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;
});
afterAll(() => server?.close());

function get(path, headers = {}, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** How many of `run`'s requests were answered from memory. */
async function servedDuring(run) {
  const before = replay.served;
  await run();
  return replay.served - before;
}

describe("the build's files answered from memory", () => {
  it("answers a page again from memory, per method and Accept-Encoding, with its own request id", async () => {
    expect(await servedDuring(() => get("/", { "accept-encoding": "gzip" }))).toBe(0);
    const again = await servedDuring(async () => {
      const a = await get("/", { "accept-encoding": "gzip" });
      const b = await get("/", { "accept-encoding": "gzip", "x-request-id": "mine-1" });
      expect(a.body.equals(gzipSync(page))).toBe(true);
      expect(a.headers["content-encoding"]).toBe("gzip");
      expect(b.headers["x-request-id"]).toBe("mine-1");
      expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
    });
    expect(again).toBe(2);
    // Another encoding and HEAD are answers of their own: the chain gives each first.
    expect(await servedDuring(() => get("/"))).toBe(0);
    expect((await get("/")).body.toString()).toBe(page);
    expect(await servedDuring(() => get("/", { "accept-encoding": "gzip" }, "HEAD"))).toBe(0);
    const head = await get("/", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(gzipSync(page).length));
  });

  it("reads a rebuilt file from disk once a second has passed", async () => {
    await get("/assets/app-Ab12.js");
    expect(await servedDuring(() => get("/assets/app-Ab12.js"))).toBe(1);
    await write("assets/app-Ab12.js", "export const changed = true;\n", new Date("2026-12-02T10:00:00Z"));
    expect((await get("/assets/app-Ab12.js")).body.toString()).toBe("export {};\n");
    clock += 1001;
    const fresh = await get("/assets/app-Ab12.js");
    expect(fresh.body.toString()).toBe("export const changed = true;\n");
    expect(fresh.headers["last-modified"]).toBe(new Date("2026-12-02T10:00:00Z").toUTCString());
  });

  it("leaves conditions, ranges, 404s, X-Forwarded-For before its warning and a stop to the chain", async () => {
    await get("/");
    const etag = (await get("/")).headers.etag;
    const chained = await servedDuring(async () => {
      expect((await get("/", { "if-none-match": etag })).status).toBe(304);
      expect((await get("/", { "if-modified-since": new Date().toUTCString() })).status).toBe(304);
      expect((await get("/", { range: "bytes=0-4" })).status).toBe(206);
      expect((await get("/finns-inte")).status).toBe(404);
      expect((await get("/finns-inte")).status).toBe(404);
      expect((await get("/", {}, "POST")).status).toBe(404);
      await get("/", { "x-forwarded-for": "203.0.113.5" });
    });
    expect(chained).toBe(0);
    expect(warnings.join("\n")).toMatch(/X-Forwarded-For/);
    expect(await servedDuring(() => get("/", { "x-forwarded-for": "203.0.113.5" }))).toBe(1);
    stopping = true;
    try {
      const last = await get("/");
      expect(last.headers.connection).toBe("close");
    } finally {
      stopping = false;
    }
  });
});
