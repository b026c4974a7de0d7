import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { once } from "node:events";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitByLength } from "./request.mjs";

const MAX = 64;
const app = new Hono();
app.post("/", bodyLimitByLength({ maxSize: MAX, onError: (c) => c.text("too-large", 413) }), async (c) =>
  c.text(`got ${(await c.req.text()).length}`),
);
/** @type {ReturnType<typeof serve>} */
let server;
let port = 0;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await once(server, "listening");
  port = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
});
afterAll(() => server.close());

/** A POST over a real connection: with Content-Length, or chunked in two parts. */
function post(body, { chunked = false } = {}) {
  return new Promise((resolve, reject) => {
    const headers = chunked ? { "transfer-encoding": "chunked" } : { "content-length": Buffer.byteLength(body) };
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/", headers }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve(`${res.statusCode} ${text}`));
    });
    req.on("error", reject);
    if (chunked) req.write(body.slice(0, 10));
    req.end(chunked ? body.slice(10) : body);
  });
}

describe("the body limit that reads a declared length first (decision 068)", () => {
  it("refuses a body over the bound, declared or chunked, and passes one within it whole", async () => {
    expect(await post("x".repeat(MAX))).toBe(`200 got ${MAX}`);
    expect(await post("x".repeat(MAX + 1))).toBe("413 too-large");
    expect(await post("x".repeat(MAX), { chunked: true })).toBe(`200 got ${MAX}`);
    expect(await post("x".repeat(MAX + 1), { chunked: true })).toBe("413 too-large");
  });
});
