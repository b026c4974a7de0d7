// @vitest-environment node
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../app.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { closeLimiterPools } from "./limiters-postgres.mjs";
import { createRateLimit } from "./request.mjs";
import { createTestDatabase } from "../testing/postgres.mjs";
import { fromAddress, sameSite, tempDir, validMessage } from "../testing/helpers.mjs";
import { captureLog } from "../testing/log-capture.mjs";

describe("the proxy warning", () => {
  it("warns once when requests carry X-Forwarded-For and TRUST_PROXY is unset, never when it is set", async () => {
    const dir = await tempDir();
    const get = (app, headers = {}) => app.request("/nothing", { headers }, fromAddress("10.0.0.2"));
    const warned = [];
    const app = createApp({ root: join(dir, "no-build"), inboxDir: dir, forms: null, warn: (l) => warned.push(l) });
    await get(app);
    expect(warned).toEqual([]);
    await get(app, { "x-forwarded-for": "198.51.100.4" });
    await get(app, { "x-forwarded-for": "198.51.100.5" });
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/X-Forwarded-For.*TRUST_PROXY/);
    const trusted = [];
    const behindProxy = createApp({
      root: join(dir, "no-build"),
      inboxDir: dir,
      forms: null,
      inbox: { trustProxy: true },
      warn: (l) => trusted.push(l),
    });
    await get(behindProxy, { "x-forwarded-for": "198.51.100.4" });
    expect(trusted).toEqual([]);
  });
});

describe("limits shared through PostgreSQL (DATABASE_URL)", () => {
  let db;
  let databaseUrl;
  const servers = [];

  beforeAll(async () => {
    db = await createTestDatabase("t29b");
    databaseUrl = db.url;
  });

  afterAll(async () => {
    for (const s of servers) s.kill("SIGKILL");
    await closeLimiterPools();
    await db.drop();
  });

  async function startServer(dir) {
    const server = spawn(process.execPath, ["server/index.mjs"], {
      env: {
        ...process.env,
        PORT: "0",
        INBOX_DIR: dir,
        BUILD_ROOT: join(dir, "no-build"),
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: "1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    servers.push(server);
    return new Promise((resolve, reject) => {
      server.stdout.on("data", (d) => {
        const m = /on (http:\/\/\S+)/.exec(String(d));
        if (m) resolve(m[1]);
      });
      server.on("exit", reject);
    });
  }

  it("counts one limit for two limiters on one database", async () => {
    const a = createRateLimit({ points: 3, durationSeconds: 60, keyPrefix: "t-shared", databaseUrl });
    const b = createRateLimit({ points: 3, durationSeconds: 60, keyPrefix: "t-shared", databaseUrl });
    const waits = [];
    for (const limit of [a, b, a, b, a]) waits.push(await limit.takeKey("k"));
    expect(waits.slice(0, 3)).toEqual([null, null, null]);
    expect(waits[3]).toBeGreaterThan(0);
    expect(waits[4]).toBeGreaterThan(0);
  });

  it("counts on the store's pool: one PostgreSQL pool per process for the store and the limits", async () => {
    const store = openStore({ databaseUrl, dir: await tempDir(), log: () => {} });
    await store.ready();
    const connects = vi.spyOn(/** @type {any} */ (store.pool), "connect");
    const limit = createRateLimit({ points: 3, durationSeconds: 60, keyPrefix: "t-one-pool", databaseUrl });
    expect(await limit.takeKey("k")).toBeNull();
    expect(connects).toHaveBeenCalled();
    await store.close();
  });

  it("counts in memory while PostgreSQL is unreachable, and says so once", async () => {
    const log = captureLog();
    const away = createRateLimit({
      points: 2,
      durationSeconds: 60,
      keyPrefix: "t-away",
      databaseUrl: "postgres://postgres@127.0.0.1:1/none",
    });
    const waits = [];
    for (let i = 0; i < 3; i++) waits.push(await away.takeKey("k"));
    expect(waits.slice(0, 2)).toEqual([null, null]);
    expect(waits[2]).toBeGreaterThan(0);
    const lines = log.lines;
    expect(lines).toEqual(["limits: PostgreSQL unreachable (ECONNREFUSED); counting in memory"]);
    log.restore();
  });

  it("limits a flood split across two server processes sharing one PostgreSQL database", async () => {
    const [one, two] = await Promise.all([startServer(await tempDir()), startServer(await tempDir())]);
    const send = (url, { from, email }) =>
      fetch(`${url}/api/v1.0/email/send`, {
        method: "POST",
        headers: { "content-type": "application/json", ...sameSite, origin: url, "x-forwarded-for": from },
        body: JSON.stringify({
          ...validMessage,
          template_params: { ...validMessage.template_params, from_email: email },
        }),
      }).then((r) => r.status);
    const count = (statuses) => {
      const counts = {};
      for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
      return counts;
    };
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        send(i % 2 ? one : two, { from: "203.0.113.7", email: `f${i}@spam.example` }),
      ),
    );
    // 60 per address in 10 minutes, counted once for both servers (each alone would take 50).
    expect(count(flood)).toEqual({ 200: 60, 429: 40 });
    // One sender from ever new addresses: 5 across both.
    const same = [];
    for (let i = 0; i < 8; i++)
      same.push(await send(i % 2 ? one : two, { from: `198.51.100.${i}`, email: "per@kontor.se" }));
    expect(same).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  }, 60_000);
});
