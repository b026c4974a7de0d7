import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "~/lib/conversation-store";
import { askAi, buildAiBody, statusKind } from "./ai-client";

const msg = (type: "user" | "bot", text: string): ChatMessage => ({ id: text, type, text, at: 0 });

function sse(...parts: string[]) {
  const body = new ReadableStream({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}
const delta = (t: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe("buildAiBody", () => {
  it("has the spec's parameters, the system prompt first and the question last", () => {
    const body = buildAiBody([msg("user", "Hej"), msg("bot", "Hej! Vad vill du veta?")], "ja, berätta mer");
    expect(body).toMatchObject({
      model: "gpt-4.1-2025-04-14",
      temperature: 0.3,
      max_tokens: 400,
      frequency_penalty: 0.5,
      stream: true,
    });
    expect(body.messages[0]?.role).toBe("system");
    expect(body.messages[0]?.content).toContain("Emma");
    expect(body.messages[0]?.content).toContain("2–3 meningar");
    expect(body.messages.slice(1)).toEqual([
      { role: "user", content: "Hej" },
      { role: "assistant", content: "Hej! Vad vill du veta?" },
      { role: "user", content: "ja, berätta mer" },
    ]);
  });
  it("bounds the history", () => {
    const history = Array.from({ length: 30 }, (_, i) => msg("user", `m${i}`));
    const body = buildAiBody(history, "q");
    expect(body.messages).toHaveLength(1 + 10 + 1);
    expect(body.messages[1]?.content).toBe("m20");
  });
});

describe("askAi", () => {
  it("streams deltas", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => sse(delta("Hej"), delta(" du"), "data: [DONE]\n\n")),
    );
    const seen: string[] = [];
    await expect(askAi({ key: "k", history: [], message: "q", onDelta: (t) => seen.push(t) })).resolves.toEqual({
      ok: true,
      text: "Hej du",
    });
    expect(seen).toEqual(["Hej", "Hej du"]);
  });
  it("reads a plain JSON answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ choices: [{ message: { content: "Svar" } }] })),
    );
    await expect(askAi({ key: "k", history: [], message: "q" })).resolves.toEqual({ ok: true, text: "Svar" });
  });
  it("maps statuses, cut streams, malformed JSON and network errors", async () => {
    expect(statusKind(401)).toBe("unauthorized");
    expect(statusKind(429)).toBe("rate-limited");
    expect(statusKind(503)).toBe("server");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("nope", { status: 500 })),
    );
    await expect(askAi({ key: "k", history: [], message: "q" })).resolves.toMatchObject({ ok: false, kind: "server" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => sse(delta("Halv"))),
    );
    await expect(askAi({ key: "k", history: [], message: "q" })).resolves.toEqual({
      ok: false,
      kind: "stream-error",
      partial: "Halv",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{bad", { headers: { "content-type": "application/json" } })),
    );
    await expect(askAi({ key: "k", history: [], message: "q" })).resolves.toMatchObject({
      ok: false,
      kind: "malformed",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(askAi({ key: "k", history: [], message: "q" })).resolves.toMatchObject({ ok: false, kind: "network" });
  });
  it("times out and tells an abort from a timeout", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener("abort", () => reject(new DOMException("", "AbortError"))),
          ),
      ),
    );
    await expect(askAi({ key: "k", history: [], message: "q", timeoutMs: 10 })).resolves.toMatchObject({
      kind: "timeout",
    });
    const c = new AbortController();
    const p = askAi({ key: "k", history: [], message: "q", signal: c.signal });
    c.abort();
    await expect(p).resolves.toMatchObject({ kind: "aborted" });
  });
});
