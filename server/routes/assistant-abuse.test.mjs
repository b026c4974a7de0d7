// Issue 28: the site's AI endpoint under abuse (cross-site posts, drained budgets, hostile
// providers, forged addresses). Each test fails without its fix.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { once } from "node:events";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { httpFetch } from "../adapters/ai/http-fetch.mjs";
import { startHostileProvider } from "../testing/hostile-ai-provider.mjs";
import { ASSISTANT_PATH, createTap, mountAssistant, STREAM_BOUNDS } from "./assistant.mjs";

const KEY = "test-site-key-0123456789";
const knowledge = { version: 2, persona: "Du är Emma.", referenceNote: "Referenstext.", passages: [] };
const encoder = new TextEncoder();
const chunk = (json) => encoder.encode(`data: ${JSON.stringify(json)}\n\n`);

/** A provider answer with the given usage report. */
const answer = (usage = { total_tokens: 60 }) =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(chunk({ choices: [{ delta: { content: "Svar." } }] }));
        c.enqueue(chunk({ choices: [{ delta: {}, finish_reason: "stop" }], usage }));
        c.enqueue(encoder.encode("data: [DONE]\n\n"));
        c.close();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );

/** The assistant on a Hono app with an injected provider; requests come as from `address`. */
function setup({ env = {}, provider = () => answer() } = {}) {
  const calls = [];
  const lines = [];
  const app = new Hono();
  mountAssistant(app, {
    root: "/nonexistent",
    env: { AI_API_KEY: KEY, AI_BASE_URL: "http://provider.test/v1", ...env },
    knowledge,
    log: (l) => lines.push(l),
    fetch: async (url, init) => {
      calls.push({ url, body: JSON.parse(init.body) });
      return provider(init, calls.length);
    },
  });
  const ask = (body, { headers = {}, address = "192.0.2.1" } = {}) =>
    app.request(
      ASSISTANT_PATH,
      {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: address, remoteFamily: "IPv4" } } },
    );
  return { app, calls, lines, ask };
}

describe("POST /api/assistant refuses what the inbox refuses", () => {
  it("answers another site's page 403 and a body that is not JSON 415, before the provider", async () => {
    const { ask, calls } = setup();
    const crossSite = await ask(JSON.stringify({ message: "Hej" }), {
      headers: { "content-type": "text/plain", origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const forged = await ask({ message: "Hej" }, { headers: { origin: "http://evil.example" } });
    expect(forged.status).toBe(403);
    const plain = await ask(JSON.stringify({ message: "Hej" }), {
      headers: { "content-type": "text/plain", origin: "http://localhost", "sec-fetch-site": "same-origin" },
    });
    expect(plain.status).toBe(415);
    expect(calls).toHaveLength(0);
    const own = await ask(
      { message: "Hej" },
      { headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" } },
    );
    expect(own.status).toBe(200);
    expect(calls).toHaveLength(1);
  });
});

/** The tokens of the log lines of answered questions. */
const tokensSpent = (lines) =>
  lines.filter((l) => l.includes("status=200")).reduce((n, l) => n + Number(/tokens=(\d+)/.exec(l)?.[1] ?? 0), 0);

describe("the daily tokens", () => {
  it("give each visitor a share, so one visitor's largest questions leave the day to others", async () => {
    const { ask, lines } = setup({
      env: { AI_RATE_PER_MINUTE: "1000" },
      provider: () => answer({ prompt_tokens: 4200, completion_tokens: 100, total_tokens: 4300 }),
    });
    const history = Array.from({ length: 10 }, (_, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: "x".repeat(1400),
    }));
    let answered = 0;
    let refused;
    for (let i = 0; i < 60 && !refused; i++) {
      const res = await ask({ message: "y".repeat(1000), history }, { address: "203.0.113.7" });
      if (res.status === 200) {
        await res.text();
        answered++;
      } else refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(await refused?.json()).toEqual({ error: "visitor-day" });
    expect(answered).toBeGreaterThan(0);
    expect(tokensSpent(lines)).toBeLessThanOrEqual(20_000);
    expect(lines.at(-1)).toMatch(/status=429 tokens=0 .*visitor-tokens$/);
    const other = await ask({ message: "Vad kostar det?" }, { address: "203.0.113.8" });
    expect(other.status).toBe(200);
  });

  it("are reserved before the provider is asked, so parallel questions cannot overspend", async () => {
    let open;
    const gate = new Promise((resolve) => (open = resolve));
    const { ask, calls, lines } = setup({
      env: { AI_DAILY_TOKENS: "1000", AI_VISITOR_DAILY_TOKENS: "1000", AI_RATE_PER_MINUTE: "1000" },
      provider: async () => {
        await gate;
        return answer({ total_tokens: 220 });
      },
    });
    let refused = 0;
    const all = Array.from({ length: 30 }, (_, i) =>
      ask({ message: `Fråga ${i}` }, { address: `198.51.100.${i % 3}` }).then(async (res) => {
        if (res.status === 429) refused++;
        else await res.text();
        return res.status;
      }),
    );
    await vi.waitFor(() => expect(calls.length + refused).toBe(30));
    open();
    const statuses = await Promise.all(all);
    await vi.waitFor(() => expect(lines).toHaveLength(30));
    expect(statuses.filter((s) => s === 200).length).toBe(calls.length);
    expect(calls.length * 220).toBeLessThanOrEqual(1000);
    expect(tokensSpent(lines)).toBeLessThanOrEqual(1000);
  });
});

describe("reported usage", () => {
  it("is charged at most the prompt's estimate and max_tokens, and an excess is logged", async () => {
    const { ask, lines } = setup({ env: { AI_DAILY_TOKENS: "10000" }, provider: () => answer({ total_tokens: 1e15 }) });
    await (await ask({ message: "Hej" }, { address: "192.0.2.10" })).text();
    await vi.waitFor(() => expect(lines.some((l) => l.includes("status=200"))).toBe(true));
    const charged = Number(/status=200 tokens=(\d+)/.exec(lines.join("\n"))?.[1]);
    expect(charged).toBeGreaterThan(400);
    expect(charged).toBeLessThan(1000);
    expect(lines.some((l) => /usage-anomaly reported=1000000000000000 charged=\d+$/.test(l))).toBe(true);
    const next = await ask({ message: "Hej igen" }, { address: "192.0.2.11" });
    expect(next.status).toBe(200);
  });
});

/** The assistant against the hostile provider through the adapter's own transport, counting what it reads. */
function hostileSetup(provider, { env = {}, streamBounds } = {}) {
  const read = [];
  const lines = [];
  const app = new Hono();
  mountAssistant(app, {
    root: "/nonexistent",
    env: { AI_API_KEY: KEY, AI_BASE_URL: provider.baseUrl, AI_RATE_PER_MINUTE: "1000", ...env },
    knowledge,
    log: (l) => lines.push(l),
    streamBounds,
    fetch: async (url, init) => {
      const res = await httpFetch(url, init);
      const count = { bytes: 0 };
      read.push(count);
      const body = res.body?.pipeThrough(
        new TransformStream({
          transform(chunk, controller) {
            count.bytes += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
        { signal: init.signal },
      );
      return new Response(body, { status: res.status, headers: res.headers });
    },
  });
  return { app, read, lines };
}

describe("a hostile provider's stream", () => {
  /** @type {Awaited<ReturnType<typeof startHostileProvider>>} */
  let provider;
  beforeAll(async () => {
    provider = await startHostileProvider();
  });
  afterAll(() => provider.close());

  const ask = (app, address) =>
    app.request(
      ASSISTANT_PATH,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "Hej" }) },
      { incoming: { socket: { remoteAddress: address, remoteFamily: "IPv4" } } },
    );

  it.each([
    ["50 MB of answer", { kind: "huge", bytes: 50 * 1024 * 1024 }, "too-large"],
    ["a gzip body of 50 MB", { kind: "gzip-bomb", bytes: 50 * 1024 * 1024 }, "too-large"],
    ["an answer that never ends", { kind: "endless" }, "too-large"],
    ["one endless line", { kind: "long-line" }, "line-too-long"],
  ])("is read only to its bound: %s", async (_, hostility, over) => {
    provider.answerWith(/** @type {any} */ (hostility));
    const { app, read, lines } = hostileSetup(provider);
    const res = await ask(app, "192.0.2.20");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`event: error\ndata: {"error":{"message":"${over}"}}`);
    expect(text).not.toContain("[DONE]");
    expect(read[0].bytes).toBeLessThanOrEqual(STREAM_BOUNDS.maxBytes + 64 * 1024);
    await vi.waitFor(() =>
      expect(lines.at(-1)).toMatch(new RegExp(`status=200 tokens=\\d+ latency=\\d+ms provider-${over}$`)),
    );
    await vi.waitFor(() => expect(provider.requests.at(-1)?.closedEarly).toBe(true));
  });

  it("is read only as fast as a visitor reads, and both sides end at the timeout", { timeout: 15_000 }, async () => {
    provider.answerWith({ kind: "huge", bytes: 50 * 1024 * 1024 });
    const { app, read, lines } = hostileSetup(provider, {
      env: { AI_TIMEOUT_MS: "1500" },
      streamBounds: { maxBytes: 100 * 1024 * 1024 },
    });
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
    await once(server, "listening");
    const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
    const req = request({
      host: "127.0.0.1",
      port,
      path: ASSISTANT_PATH,
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    req.on("error", () => {});
    req.on("response", (res) => res.pause());
    req.end(JSON.stringify({ message: "Hej" }));
    await vi.waitFor(() => expect(lines.at(-1)).toMatch(/status=200 tokens=\d+ latency=\d+ms timeout$/), 10_000);
    await vi.waitFor(() => expect(provider.requests.at(-1)?.closedEarly).toBe(true));
    const connections = () => new Promise((resolve) => server.getConnections((_, n) => resolve(n)));
    await vi.waitFor(async () => expect(await connections()).toBe(0));
    expect(read[0].bytes).toBeLessThan(16 * 1024 * 1024);
    req.destroy();
    server.close();
  });

  it("reporting absurd usage is charged at most the answer's reservation", async () => {
    provider.answerWith({ kind: "usage", totalTokens: 1e15 });
    const { app, lines } = hostileSetup(provider);
    expect(await (await ask(app, "192.0.2.21")).text()).toContain("[DONE]");
    await vi.waitFor(() => expect(lines.some((l) => l.includes("usage-anomaly reported=1000000000000000"))).toBe(true));
    // The answer's line comes when its stream has closed, after the anomaly on Node 24 and 26.
    await vi.waitFor(() => expect(lines.join("\n")).toMatch(/status=200 tokens=\d+/));
    expect(Number(/status=200 tokens=(\d+)/.exec(lines.join("\n"))?.[1])).toBeLessThan(1000);
  });
});

describe("behind a trusted proxy", () => {
  it("counts the address the proxy appended, not a forged leftmost one", async () => {
    const { ask } = setup({ env: { TRUST_PROXY: "1" } });
    const statuses = [];
    for (let i = 0; i < 25; i++) {
      const res = await ask({ message: `Fråga ${i}` }, { headers: { "x-forwarded-for": `10.9.0.${i}, 203.0.113.50` } });
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });
});

describe("smaller holes", () => {
  it("charges the prompt of a visitor who left before the provider's headers", async () => {
    const { app, calls, lines } = setup({
      provider: (init) =>
        new Promise((_, reject) => init.signal.addEventListener("abort", () => reject(init.signal.reason))),
    });
    const visitor = new AbortController();
    const pending = app.request(
      new Request(`http://localhost${ASSISTANT_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "Hej" }),
        signal: visitor.signal,
      }),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    visitor.abort();
    await pending.catch(() => {});
    await vi.waitFor(() => expect(lines.at(-1)).toMatch(/status=499 tokens=(\d+) .*client$/));
    expect(Number(/tokens=(\d+)/.exec(lines.at(-1) ?? "")?.[1])).toBeGreaterThan(0);
  });

  it("passes on a provider's Retry-After of at most five minutes", async () => {
    const busy = (value) => () => new Response("busy", { status: 429, headers: { "retry-after": value } });
    for (const [value, expected] of [
      ["99999999", "300"],
      ["12", "12"],
      ["-5", "30"],
      ["soon", "30"],
    ]) {
      const { ask } = setup({ provider: busy(value) });
      expect((await ask({ message: "Hej" })).headers.get("retry-after")).toBe(expected);
    }
  });

  it("counts a question's characters, not UTF-16 units", async () => {
    const { ask } = setup();
    expect((await ask({ message: "😀".repeat(1000) })).status).toBe(200);
    expect((await ask({ message: "😀".repeat(1001) })).status).toBe(413);
  });
});

describe("the stream tap", () => {
  it("measures deltas without parsing them, and reads the finish and the usage report", () => {
    const tap = createTap({ maxBytes: 1024, maxLineBytes: 200 });
    const events = [
      { choices: [{ index: 0, delta: { content: 'Hej "du"' }, finish_reason: null }], usage: null },
      { choices: [{ index: 0, delta: { content: "!" }, finish_reason: "stop" }] },
      { choices: [], usage: { total_tokens: 42 } },
    ];
    const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
    expect(tap.push(encoder.encode(text.slice(0, 30)))).toBeNull();
    expect(tap.push(encoder.encode(text.slice(30)))).toBeNull();
    expect(tap.state).toMatchObject({ finished: true, usage: { total_tokens: 42 } });
    expect(tap.state.answerChars).toBe('Hej \\"du\\"!'.length);
    expect(tap.push(encoder.encode(`data: ${"x".repeat(300)}`))).toBe("line-too-long");
    expect(tap.push(encoder.encode("x".repeat(1024)))).toBe("too-large");
  });
});
