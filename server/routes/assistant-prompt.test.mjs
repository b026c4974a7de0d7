import { Hono } from "hono";
import { once } from "node:events";
import { connect, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { setNamed } from "../../evals/emma/manifest";
import { expectedPages } from "../../evals/emma/question-set";
import { groundedPages, promptTokens } from "../../evals/emma/score.mjs";
import { startFakeProvider } from "../testing/fake-ai-provider.mjs";
import { ASSISTANT_PATH, mountAssistant } from "./assistant.mjs";
import { createPromptBuilder, estimateTokens, PROMPT_MAX_TOKENS, PROMPT_PASSAGES } from "./assistant-prompt.mjs";

// The site's AI path against the fake provider on loopback: what the model is sent.
const artifact = inject("knowledgeArtifact");
let provider;
let app;

beforeAll(async () => {
  provider = await startFakeProvider();
  app = new Hono();
  mountAssistant(app, {
    root: "/nonexistent",
    knowledge: artifact,
    log: () => {},
    env: {
      AI_API_KEY: "test-key",
      AI_BASE_URL: provider.baseUrl,
      AI_RATE_PER_MINUTE: "100000",
      AI_RATE_PER_DAY: "100000",
    },
  });
});
afterAll(() => provider.close());

async function ask(message, history = []) {
  const res = await app.request(ASSISTANT_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message, history }),
  });
  await res.text();
  expect(res.status).toBe(200);
  return provider.requests.at(-1).body;
}

describe("the site's AI is never starved", () => {
  it("every answerable question of the tuning half reaches the model with its passage", async () => {
    const missed = [];
    for (const v of setNamed("tuning half").questions) {
      const pages = expectedPages(v);
      if (pages[0] === "none") continue;
      const body = await ask(v.q);
      if (!groundedPages(body).some((p) => pages.includes(p))) missed.push(v.q);
    }
    expect(missed).toEqual([]);
  }, 60_000);

  it("always sends the fact sheet, and the spec's parameters", async () => {
    const body = await ask("Vad är huvudstaden i Frankrike?");
    expect(body.messages[1].content).toContain(artifact.facts);
    expect(body).toMatchObject({ temperature: 0.3, max_tokens: 400, frequency_penalty: 0.5, stream: true });
  });

  it("a question with few matches gets the site's overview besides them", async () => {
    const body = await ask("Sedan vilket år finns ni?");
    const pages = groundedPages(body);
    expect(pages).toContain("/#about");
    expect(pages.filter((p) => p === "/#services")).toHaveLength(4);
    expect(pages.length).toBeLessThanOrEqual(PROMPT_PASSAGES);
  });

  it("a follow-up brings the previous question's passages", async () => {
    const history = [
      { role: "user", content: "Vad är en AI-röstagent?" },
      { role: "assistant", content: "En röstagent svarar i telefon." },
    ];
    const voice = "] AI-Röstagenter (/#services)";
    expect((await ask("och vad kostar det?")).messages[1].content).not.toContain(voice);
    expect((await ask("och vad kostar det?", history)).messages[1].content).toContain(voice);
  });

  it("keeps the prompt within its token bound: the oldest history gives way", async () => {
    // Seven long messages: as much history as the 16 KB body limit lets through.
    const long = "Tell me more about how your voice agents and chat bots would work for us. ".repeat(27).slice(0, 1990);
    const history = Array.from({ length: 7 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: long }));
    const body = await ask("Vad kostar en röstagent i månaden?", history);
    const chars = body.messages.map((m) => m.content).join("");
    expect(estimateTokens(chars)).toBeLessThanOrEqual(PROMPT_MAX_TOKENS);
    expect(await promptTokens(body)).toBeLessThanOrEqual(PROMPT_MAX_TOKENS);
    expect(body.messages.length).toBeGreaterThan(3); // some history is kept
    expect(body.messages.length).toBeLessThan(10); // not all of it
    expect(body.messages.at(-1)).toEqual({ role: "user", content: "Vad kostar en röstagent i månaden?" });
  });

  it("lets what came meanwhile through between two questions' builds (decision 068)", async () => {
    const { turn } = createPromptBuilder(artifact);
    /** @type {import("node:net").Socket[]} */
    const peers = [];
    const server = createServer((socket) => peers.push(socket)).listen(0, "127.0.0.1");
    await once(server, "listening");
    const client = connect(/** @type {import("node:net").AddressInfo} */ (server.address()).port, "127.0.0.1");
    await vi.waitFor(() => expect(peers).toHaveLength(1));
    const order = [];
    client.on("data", () => order.push("a token"));
    // The first build sends a token back, as a provider answers while the second waits.
    const first = turn().then(() => order.push("build 1") && peers[0].write("x"));
    const second = turn().then(() => order.push("build 2"));
    await Promise.all([first, second]);
    await vi.waitFor(() => expect(order).toContain("a token"));
    expect(order).toEqual(["build 1", "a token", "build 2"]);
    client.destroy();
    server.close();
  });

  it("a single question's prompt stays near its median: at most 1,500 tokens", async () => {
    const build = createPromptBuilder(artifact).build;
    const body = build({ question: "Vad kostar en röstagent?", history: [], model: "m" });
    expect(await promptTokens(body)).toBeLessThanOrEqual(1500);
  });
});
