// @vitest-environment node
// /healthz and /readyz: what they answer, that nothing limits or logs them, and /readyz following
// PostgreSQL as it goes away (behind a loopback proxy the test cuts or stalls) and comes back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.mjs";
import { ADMIN_URL, createTestDatabase } from "../testing/postgres.mjs";
import { postgresProxy } from "../testing/tcp-proxy.mjs";
import { captureLog } from "../testing/log-capture.mjs";
import { fromAddress, postJson, tempDir } from "../testing/helpers.mjs";
import { mountHealth } from "./health.mjs";
import { Hono } from "hono";
import { createServer } from "node:http";
import { bookingConfig } from "../booking/config.mjs";
import { bookingForms as forms } from "../testing/booking-forms.mjs";
import { startOfSuite, workday } from "../testing/clock.mjs";

const until = async (check, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** An app with only the health routes, over a store and a worker the test steers. */
function healthApp({ ping = async () => {}, stuck = false, stopping = false, timeoutMs } = {}) {
  const app = new Hono();
  mountHealth(app, {
    store: { ping },
    notifications: { stuck: () => stuck },
    stopping: () => stopping,
    timeoutMs,
  });
  return app;
}

describe("/healthz and /readyz", () => {
  it("say ok and ready with nothing else, and unready when the store fails, hangs, the worker is stuck or the server stops", async () => {
    const healthz = await healthApp().request("/healthz");
    expect(healthz.status).toBe(200);
    expect(await healthz.text()).toBe("ok");
    expect(healthz.headers.get("cache-control")).toBe("no-store");
    const ready = await healthApp().request("/readyz");
    expect([ready.status, await ready.text()]).toEqual([200, "ready"]);

    const failing = healthApp({ ping: () => Promise.reject(new Error("ECONNREFUSED 10.0.0.5:5432")) });
    const refused = await failing.request("/readyz");
    expect([refused.status, await refused.text()]).toEqual([503, "not ready"]);
    const started = performance.now();
    const hanging = await healthApp({ ping: () => new Promise(() => {}), timeoutMs: 300 }).request("/readyz");
    expect(hanging.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await healthApp({ stuck: true }).request("/readyz")).status).toBe(503);
    expect((await healthApp({ stopping: true }).request("/readyz")).status).toBe(503);
    expect((await healthApp({ ping: () => Promise.reject(new Error("x")) }).request("/healthz")).status).toBe(200);
  });

  it("asks the store once for monitors asking at once", async () => {
    let pings = 0;
    const app = healthApp({
      ping: async () => {
        pings++;
        await new Promise((r) => setTimeout(r, 50));
      },
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.request("/readyz")));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(pings).toBe(1);
  });

  it("answer the whole site's app before any guard: no limit, no cookie, no request line", async () => {
    const dir = await tempDir();
    const log = captureLog();
    const app = createApp({ root: dir, inboxDir: dir, log: true, inbox: { rateLimit: { points: 2 } } });
    const statuses = new Set();
    for (let i = 0; i < 300; i++) {
      for (const path of ["/healthz", "/readyz"]) {
        const res = await app.request(path, {}, fromAddress("192.0.2.9"));
        statuses.add(res.status);
        expect(res.headers.get("set-cookie")).toBeNull();
      }
    }
    expect([...statuses]).toEqual([200]);
    expect(log.lines).toEqual([]);
    // The inbox behind it still counts this address.
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push((await postJson(app, { address: "192.0.2.9" })).status);
    expect(posts).toEqual([200, 200, 429]);
  });
});

describe("/readyz and PostgreSQL", () => {
  let db;
  let proxy;
  beforeAll(async () => {
    db = await createTestDatabase("t46h");
    proxy = await postgresProxy(ADMIN_URL);
  });
  afterAll(async () => {
    await proxy.down();
    await db.drop();
  });

  it("turns unready when PostgreSQL is stopped and ready again when it is back", async () => {
    captureLog();
    const dir = await tempDir();
    const app = createApp({ root: dir, inboxDir: dir, inbox: { databaseUrl: proxy.url(db.name) } });
    await until(async () => (await app.request("/readyz")).status === 200);
    await proxy.down();
    const started = performance.now();
    expect((await app.request("/readyz")).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(3000);
    expect((await app.request("/healthz")).status).toBe(200);
    await proxy.up();
    await until(async () => (await app.request("/readyz")).status === 200);
  }, 30_000);

  it("answers within seconds when PostgreSQL stops answering: /readyz unready, a lead 503 (the browser keeps it)", async () => {
    const log = captureLog();
    const dir = await tempDir();
    const app = createApp({ root: dir, inboxDir: dir, inbox: { databaseUrl: proxy.url(db.name) } });
    expect((await postJson(app, { address: "192.0.2.30" })).status).toBe(200);
    proxy.stall();
    let started = performance.now();
    expect((await app.request("/readyz")).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(3000);
    started = performance.now();
    const lead = await postJson(app, { address: "192.0.2.31" });
    const waited = performance.now() - started;
    console.log(`a lead with PostgreSQL stalled: ${lead.status} after ${Math.round(waited)} ms`);
    expect(lead.status).toBe(503);
    expect(waited).toBeLessThan(8000);
    expect(log.lines.some((l) => l.startsWith("store: UNAVAILABLE"))).toBe(true);
    await proxy.down();
    await proxy.up();
    await until(async () => (await app.request("/readyz")).status === 200);
    expect((await postJson(app, { address: "192.0.2.32" })).status).toBe(200);
  }, 60_000);
});

describe("/readyz and the team's calendar", () => {
  let feed;
  let url;
  let up = false;
  beforeAll(async () => {
    feed = createServer((req, res) => {
      if (!up) return res.writeHead(503).end();
      res
        .writeHead(200, { "content-type": "text/calendar" })
        .end("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n");
    });
    await new Promise((r) => feed.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${feed.address().port}/calendar.ics`;
  });
  afterAll(() => new Promise((r) => feed.close(r)));

  it("is unready while a configured calendar has never answered, ready once it has, and stays so while it is away", async () => {
    captureLog();
    const dir = await tempDir();
    const opening = workday(startOfSuite(), 1, "09:00");
    const app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      booking: { config: bookingConfig({ BOOKING_BUSY_ICS_URL: url, BOOKING_CACHE_SECONDS: "0" }) },
      now: () => opening,
    });
    const readyz = async () => (await app.request("/readyz")).status;
    const slots = async () => (await app.request("/api/booking/slots", {}, fromAddress("192.0.2.40"))).status;
    expect(await readyz()).toBe(503);
    expect(await slots()).toBe(503);
    expect(await readyz()).toBe(503);
    up = true;
    await until(async () => (await readyz()) === 200);
    expect(await slots()).toBe(200);
    // Away again: the times come from its last answer, so the server still serves them.
    up = false;
    expect(await slots()).toBe(200);
    expect(await readyz()).toBe(200);
  }, 30_000);
});
