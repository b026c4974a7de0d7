// Issue 28: the site's AI endpoint under abuse (cross-site posts, drained budgets, hostile
// providers, forged addresses). Each test fails without its fix.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
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
