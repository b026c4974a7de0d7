import { aiSettings } from "~/config/ai";
import { emmaSystemPrompt } from "~/content/emma-persona";
import type { ChatMessage } from "~/lib/conversation-store";
import { completionContent, createStreamParser } from "./stream-parser";
import { toolUi, type ToolUi } from "./tool-ui";

// The one adapter for AI answers (the visitor's key to the provider, or server/routes/assistant.mjs).
// It never throws: every failure is a kind, with any text that arrived first.
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

/** Which limit of the site's endpoint was hit (its 429 body), and when to ask again. */
export type SiteLimit = "visitor-minute" | "visitor-day" | "budget";

export type AiResult =
  | { ok: true; text: string; ui?: ToolUi[]; tools?: boolean }
  | { ok: false; kind: AiFailureKind; partial: string; limit?: SiteLimit; retryAfterS?: number; ui?: ToolUi[] };

/** The site's own AI endpoint (server/routes/assistant.mjs), same origin. */
export const SITE_AI_PATH = "/api/assistant";

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

export function askAi(req: AiRequest): Promise<AiResult> {
  return ask(
    `${req.baseUrl ?? aiSettings.baseUrl}/chat/completions`,
    { Authorization: `Bearer ${req.key}` },
    buildAiBody(req.history, req.message, req.model),
    req,
  );
}

export interface SiteAiRequest {
  history: readonly ChatMessage[];
  message: string;
  signal?: AbortSignal;
  onDelta?: (textSoFar: string) => void;
  timeoutMs?: number;
}

/** What the site's endpoint takes: the question and a bounded recent history (it builds the rest). */
export function siteAiBody(history: readonly ChatMessage[], message: string) {
  const recent = history.filter((m) => m.text.trim() !== "").slice(-aiSettings.historyMessages);
  return {
    message,
    history: recent.map((m) => ({ role: m.type === "user" ? "user" : "assistant", content: m.text })),
  };
}

const LIMITS: readonly string[] = ["visitor-minute", "visitor-day", "budget"] satisfies SiteLimit[];

export function askSiteAi(req: SiteAiRequest): Promise<AiResult> {
  // A little longer than the server's own upstream timeout, so that the server's answer wins.
  return ask(SITE_AI_PATH, {}, siteAiBody(req.history, req.message), {
    ...req,
    timeoutMs: req.timeoutMs ?? aiSettings.timeoutMs + 5_000,
  });
}

async function refusal(res: Response): Promise<Pick<Extract<AiResult, { ok: false }>, "limit" | "retryAfterS">> {
  const retry = Number(res.headers.get("retry-after"));
  let limit: SiteLimit | undefined;
  try {
    const body: unknown = await res.json();
    const error = (body as { error?: unknown } | null)?.error;
    if (typeof error === "string" && LIMITS.includes(error)) limit = error as SiteLimit;
  } catch {
    // A provider's or proxy's error page: the status says enough.
  }
  return { limit, retryAfterS: Number.isFinite(retry) && retry > 0 ? retry : undefined };
}

async function ask(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  req: { signal?: AbortSignal; onDelta?: (textSoFar: string) => void; timeoutMs?: number },
): Promise<AiResult> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), req.timeoutMs ?? aiSettings.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal;
  let text = "";
  const ui: ToolUi[] = [];
  const withUi = <R extends AiResult>(result: R): R => (ui.length ? { ...result, ui } : result);
  const failed = (kind: AiFailureKind): AiResult =>
    withUi({
      ok: false,
      kind: req.signal?.aborted ? "aborted" : timeout.signal.aborted ? "timeout" : kind,
      partial: text,
    });
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal,
    });
    // The site's endpoint says whether its model had Emma's tools (server/routes/assistant.mjs).
    const tools = res.headers.get("emma-tools") === "on";
    const answered = (): AiResult => withUi({ ok: true, text, ...(tools ? { tools } : {}) });
    if (!res.ok) {
      const result = failed(statusKind(res.status));
      return res.status === 429 ? { ...result, ...(await refusal(res)) } : result;
    }
    const type = res.headers.get("content-type") ?? "";
    if (!type.includes("text/event-stream") || !res.body) {
      let json: unknown;
      try {
        json = JSON.parse(await res.text());
      } catch {
        return failed("malformed");
      }
      text = completionContent(json);
      const sent = (json as { ui?: unknown } | null)?.ui;
      for (const u of Array.isArray(sent) ? sent : []) {
        const shown = toolUi(u);
        if (shown) ui.push(shown);
      }
      return answered();
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
        } else if (e.type === "ui") {
          const shown = toolUi(e.ui);
          if (shown) ui.push(shown);
        } else if (e.type === "error") {
          await reader.cancel().catch(() => {});
          return failed(e.message === "Malformed stream data" ? "malformed" : "stream-error");
        } else {
          await reader.cancel().catch(() => {});
          return answered();
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
