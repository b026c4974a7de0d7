// Issue 28: limits count the address the trusted proxy saw, and keep bounded memory.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp, proxyHops } from "./client-ip.mjs";
import { createRateLimit } from "./request.mjs";
import { createLimiter } from "./limiters.mjs";
import { fromAddress, inboxApp, postJson, tempDir } from "../testing/helpers.mjs";

/** clientIp of a request from `socket` with the given X-Forwarded-For. */
async function ipOf(forwarded, trustProxy, socket = "10.0.0.1") {
  const app = new Hono();
  app.get("/", (c) => c.text(clientIp(c, { trustProxy })));
  const headers = forwarded === undefined ? {} : { "x-forwarded-for": forwarded };
  return (await app.request("/", { headers }, fromAddress(socket))).text();
}

describe("the visitor's address behind a proxy", () => {
  it("is the entry the trusted proxy appended, or the one a hop count names", async () => {
    expect(await ipOf("6.6.6.6, 203.0.113.5", "1")).toBe("203.0.113.5");
    expect(await ipOf("6.6.6.6,203.0.113.5, 10.1.1.1", "2")).toBe("203.0.113.5");
    expect(await ipOf("203.0.113.5", "3")).toBe("203.0.113.5");
    expect(await ipOf(undefined, "1")).toBe("10.0.0.1");
    expect(await ipOf("6.6.6.6", "")).toBe("10.0.0.1");
    expect([undefined, "", "0", "false", "1", "yes", "2"].map((v) => proxyHops(v))).toEqual([0, 0, 0, 0, 1, 1, 2]);
  });

  it("lets a forged leftmost entry pass no more than the inbox's limit", async () => {
    const { app } = inboxApp({ dir: await tempDir(), trustProxy: 1 });
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const res = await postJson(app, { headers: { "x-forwarded-for": `198.18.0.${i}, 203.0.113.9` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe("the limiters' memory", () => {
  it("keeps at most maxKeys keys, the oldest going first, and counts as rate-limiter-flexible does", async () => {
    const limiter = createLimiter({ keyPrefix: "t", points: 2, duration: 600, maxKeys: 1000 });
    for (let i = 0; i < 100_000; i++) await limiter.consume(`forged-${i}`);
    expect(limiter.size()).toBe(1000);
    expect(await limiter.get("forged-0")).toBeNull();
    expect((await limiter.get("forged-99999"))?.consumedPoints).toBe(1);
    await limiter.consume("a");
    await limiter.consume("a");
    await expect(limiter.consume("a")).rejects.toMatchObject({ remainingPoints: 0 });
    await limiter.reward("a", 2);
    expect((await limiter.get("a"))?.consumedPoints).toBe(1);
  });

  it("is bounded for the inbox's per-client limit too", async () => {
    const limit = createRateLimit({ points: 5, durationSeconds: 600, maxKeys: 100 });
    const app = new Hono();
    app.get("/", async (c) => c.text(String(await limit.take(c))));
    for (let i = 0; i < 1000; i++) await app.request("/", {}, fromAddress(`198.18.${i >> 8}.${i & 255}`));
    expect(limit.limiter.size()).toBe(100);
  });
});
