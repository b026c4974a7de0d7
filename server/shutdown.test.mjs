// @vitest-environment node
// SIGTERM to `node server/index.mjs`: the requests in flight finish, exit 0; and a rolling restart
// of two instances on one PostgreSQL database loses no lead and stores none twice.
import { existsSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "./adapters/store/index.mjs";
import { startFakeProvider } from "./testing/fake-ai-provider.mjs";
import { tempDir, validMessage } from "./testing/helpers.mjs";
import { createTestDatabase } from "./testing/postgres.mjs";
import { startServerProcess } from "./testing/server-process.mjs";

const INBOX = "/api/v1.0/email/send";
const until = async (check, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};
/** Whether the server no longer takes connections. */
const refuses = (url) =>
  fetch(`${url}/healthz`, { headers: { connection: "close" } }).then(
    () => false,
    (e) => e?.cause?.code === "ECONNREFUSED",
  );
const lead = (email, subject) => ({
  ...validMessage,
  template_params: { ...validMessage.template_params, from_email: email, subject },
});

const servers = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.child.kill("SIGKILL");
});

describe("a stop (SIGTERM)", () => {
  let provider;
  let env;
  beforeAll(async () => {
    provider = await startFakeProvider();
    const dir = await tempDir();
    env = {
      INBOX_DIR: dir,
      BUILD_ROOT: join(dir, "no-build"),
      AI_API_KEY: "test-shutdown-key",
      AI_BASE_URL: provider.baseUrl,
    };
  });
  afterAll(() => provider.close());

  const start = (more = {}) => {
    const s = startServerProcess({ ...env, ...more });
    servers.push(s);
    return s;
  };
  const ask = (url) =>
    fetch(`${url}/api/assistant`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ message: "Vad kostar en automation?", history: [] }),
    });

  it("finishes an AI answer being streamed, refuses new connections meanwhile, and exits 0", async () => {
    const server = start();
    const url = await server.url;
    const tokens = Array.from({ length: 8 }, (_, i) => `del${i} `);
    provider.answerWith({ kind: "stream", tokens, delayMs: 250 });
    const res = await ask(url);
    expect(res.status).toBe(200);
    const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (res.body?.getReader());
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    const stopped = server.stop();
    await until(() => refuses(url));
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    for (const t of tokens) expect(text).toContain(t);
    expect(text).toContain("[DONE]");
    const exit = await stopped;
    expect(exit.code).toBe(0);
    expect(server.lines.join("\n")).toMatch(/stopping \(SIGTERM\)[\s\S]*stopped in \d+ ms/);
    expect(server.lines.join("\n")).not.toMatch(/Error|cut/);
  }, 30_000);

  it("cuts an answer that outlasts SHUTDOWN_TIMEOUT_MS cleanly, and still exits 0 in that time", async () => {
    const server = start({ SHUTDOWN_TIMEOUT_MS: "1000" });
    const url = await server.url;
    provider.answerWith({ kind: "hang" });
    const before = provider.requests.length;
    const answer = ask(url).then(
      (r) =>
        r.text().then(
          () => "ended",
          () => "cut",
        ),
      () => "cut",
    );
    await until(() => provider.requests.length > before);
    const exit = await server.stop();
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(1000 + 4000);
    expect(["ended", "cut"]).toContain(await answer);
    expect(server.lines.join("\n")).toContain("requests still open after 1000 ms were cut");
  }, 30_000);

  it("stores a lead being posted when the stop comes, once, answers it 200 with Connection: close, and exits 0", async () => {
    const server = start();
    const url = new URL(await server.url);
    const body = JSON.stringify(lead("mitt.i@stoppet.se", "Under stoppet"));
    const response = new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: INBOX,
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            origin: url.origin,
            expect: "100-continue",
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection }));
        },
      );
      req.on("error", reject);
      // The server has the request (it said "100 Continue"): the stop comes before its body.
      req.on("continue", async () => {
        req.write(body.slice(0, 20));
        const stopped = server.stop();
        await until(() => refuses(url.origin));
        req.end(body.slice(20));
        stopped.then((exit) => expect(exit.code).toBe(0));
      });
    });
    expect(await response).toEqual({ status: 200, connection: "close" });
    expect((await server.exited).code).toBe(0);
    // The store was closed: SQLite wrote its log back into the database file and removed it.
    expect(existsSync(join(env.INBOX_DIR, "inbox.db-wal"))).toBe(false);
    const store = openStore({ dir: env.INBOX_DIR, log: () => {} });
    const { total } = await store.listMessages({ text: "mitt.i@stoppet.se" });
    await store.close();
    expect(total).toBe(1);
  }, 30_000);
});

describe("a rolling restart of two instances on one PostgreSQL database", () => {
  let db;
  beforeAll(async () => {
    db = await createTestDatabase("t46r");
  });
  afterAll(() => db.drop());

  it("loses no lead posted meanwhile and stores none twice", async () => {
    const dir = await tempDir();
    const start = () => {
      const s = startServerProcess({
        DATABASE_URL: db.url,
        INBOX_DIR: dir,
        BUILD_ROOT: join(dir, "no-build"),
        INBOX_RATE_LIMIT: "100000",
      });
      servers.push(s);
      return s;
    };
    const instances = [start(), start()];
    const targets = await Promise.all(instances.map((s) => s.url));
    let restarting = true;
    let sent = 0;
    const answers = { 200: 0, retried: 0 };

    /** Posts one lead as the browser's outbox does: again, to either instance, until a 200. */
    async function post(i) {
      const email = `rullande.${i}@kund.se`;
      for (let attempt = 0; ; attempt++) {
        const url = targets[(i + attempt) % 2];
        try {
          const res = await fetch(`${url}${INBOX}`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: url },
            body: JSON.stringify(lead(email, `Lead ${i}`)),
          });
          await res.arrayBuffer();
          if (res.status === 200) return void answers[200]++;
        } catch {
          // Refused or closed before an answer: sent again, as the outbox would.
        }
        answers.retried++;
        if (attempt > 50) throw new Error(`lead ${i} was never taken`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    async function client() {
      let after = 0;
      while (restarting || after++ < 5) await post(sent++);
    }
    const clients = [client(), client()];
    for (const k of [0, 1]) {
      await until(() => sent > 10 * (k + 1));
      const exit = await instances[k].stop();
      expect(exit.code).toBe(0);
      instances[k] = start();
      targets[k] = await instances[k].url;
    }
    restarting = false;
    await Promise.all(clients);

    const store = openStore({ databaseUrl: db.url, dir, log: () => {} });
    const { items } = await store.listMessages({ limit: 10_000 });
    await store.close();
    const emails = items.map((m) => m.from_email);
    expect(answers[200]).toBe(sent);
    expect(emails).toHaveLength(sent);
    expect(new Set(emails).size).toBe(sent);
    for (const s of instances) expect((await s.stop()).code).toBe(0);
  }, 90_000);
});
