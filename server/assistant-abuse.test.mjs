// Issue 28: the site's AI endpoint under abuse (cross-site posts, drained budgets, hostile
// providers, forged addresses). Each test fails without its fix.
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { ASSISTANT_PATH, mountAssistant } from "./assistant.mjs";

const KEY = "test-site-key-0123456789";
const knowledge = { version: 1, persona: "Du är Emma.", referenceNote: "Referenstext.", passages: [] };
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
    expect(answered * 4300).toBeLessThanOrEqual(20_000);
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
