import { aiSettings } from "~/config/ai";
import { emmaSystemPrompt } from "~/content/chat";
import type { ChatMessage } from "~/lib/conversation-store";
import { completionContent, createStreamParser } from "./stream-parser";

// The one adapter for the AI provider (OpenAI-compatible, streamed, or plain JSON read whole). It
// never throws: every failure is a kind, with any text that arrived first.
export type AiFailureKind =
  | "unauthorized"
  | "rate-limited"
  | "server"
  | "bad-request"
  | "network"
  | "timeout"
  | "aborted"
  | "malformed"
  | "stream-error";

export type AiResult = { ok: true; text: string } | { ok: false; kind: AiFailureKind; partial: string };

export interface AiRequest {
  key: string;
  /** Earlier messages of the conversation, oldest first (the new question not included). */
  history: readonly ChatMessage[];
  message: string;
  signal?: AbortSignal;
  onDelta?: (textSoFar: string) => void;
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
}

type Role = "system" | "user" | "assistant";

/** The request body: system prompt first, a bounded recent history, the new question last. */
export function buildAiBody(history: readonly ChatMessage[], message: string, model: string = aiSettings.model) {
  const recent = history.filter((m) => m.text.trim() !== "").slice(-aiSettings.historyMessages);
  const messages: { role: Role; content: string }[] = [
    { role: "system", content: emmaSystemPrompt() },
    ...recent.map((m) => ({ role: (m.type === "user" ? "user" : "assistant") as Role, content: m.text })),
    { role: "user", content: message },
  ];
  return {
    model,
    messages,
    temperature: aiSettings.temperature,
    max_tokens: aiSettings.maxTokens,
    frequency_penalty: aiSettings.frequencyPenalty,
    stream: true,
  };
}

export function statusKind(status: number): AiFailureKind {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429) return "rate-limited";
  if (status >= 500) return "server";
  return "bad-request";
}

export async function askAi(req: AiRequest): Promise<AiResult> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), req.timeoutMs ?? aiSettings.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal;
  let text = "";
  const failed = (kind: AiFailureKind): AiResult => ({
    ok: false,
    kind: req.signal?.aborted ? "aborted" : timeout.signal.aborted ? "timeout" : kind,
    partial: text,
  });
  try {
    const res = await fetch(`${req.baseUrl ?? aiSettings.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${req.key}` },
      body: JSON.stringify(buildAiBody(req.history, req.message, req.model)),
      signal,
    });
    if (!res.ok) return failed(statusKind(res.status));
    const type = res.headers.get("content-type") ?? "";
    if (!type.includes("text/event-stream") || !res.body) {
      let json: unknown;
      try {
        json = JSON.parse(await res.text());
      } catch {
        return failed("malformed");
      }
      text = completionContent(json);
      return { ok: true, text };
    }
    const parser = createStreamParser();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      const events = done ? parser.end() : parser.push(value);
      for (const e of events) {
        if (e.type === "delta") {
          text += e.text;
          req.onDelta?.(text);
        } else if (e.type === "error") {
          await reader.cancel().catch(() => {});
          return failed(e.message === "Malformed stream data" ? "malformed" : "stream-error");
        } else {
          await reader.cancel().catch(() => {});
          return { ok: true, text };
        }
      }
      // A body that ends before [DONE] or a finish reason was cut off.
      if (done) return failed("stream-error");
    }
  } catch {
    return failed("network");
  } finally {
    clearTimeout(timer);
  }
}
