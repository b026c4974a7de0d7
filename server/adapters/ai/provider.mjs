// The only caller of the site's AI provider (any OpenAI-compatible API); the route keeps limits and budget.
import { httpFetch } from "./http-fetch.mjs";

const DEFAULTS = { AI_BASE_URL: "https://api.openai.com/v1", AI_MODEL: "gpt-4.1-2025-04-14" };
const MAX_PROVIDER_RETRY_S = 300;

export function providerConfig(env = process.env) {
  return {
    apiKey: env.AI_API_KEY?.trim() ?? "",
    baseUrl: (env.AI_BASE_URL?.trim() || DEFAULTS.AI_BASE_URL).replace(/\/+$/, ""),
    model: env.AI_MODEL?.trim() || DEFAULTS.AI_MODEL,
  };
}

/** @param {{ apiKey: string, baseUrl: string }} config
 * @param {(url: string, init: { method: string, headers: Record<string, string>, body: string, signal?: AbortSignal }) => Promise<Response>} [fetch] */
export function createAiProvider({ apiKey, baseUrl }, fetch = httpFetch) {
  const ask = (body, signal) =>
    fetch(`${baseUrl}/chat/completions`, {
      method: "POST",
      // Uncompressed: what is read is then what came (fetch decodes any coding it gets anyway).
      headers: { "Content-Type": "application/json", "Accept-Encoding": "identity", Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify(body),
      signal,
    });
  return {
    /** @param {any} body @param {AbortSignal} signal @param {(sent: any) => void} [sent] hears the body that answered */
    async complete(body, signal, sent = () => {}) {
      let res = await ask(body, signal);
      sent(body);
      // Some OpenAI-compatible servers refuse stream_options, or tools: ask again without each.
      for (const drop of [["stream_options"], ["tools", "tool_choice"]]) {
        if (res.status !== 400 && res.status !== 422) return res;
        if (!drop.some((k) => k in body)) continue;
        await res.body?.cancel().catch(() => {});
        body = Object.fromEntries(Object.entries(body).filter(([k]) => !drop.includes(k)));
        res = await ask(body, signal);
        sent(body);
      }
      return res;
    },
  };
}

export function providerRetryAfter(header) {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(Math.ceil(seconds), MAX_PROVIDER_RETRY_S) : 30;
}

export function countTokens(usage, promptChars, answerChars) {
  const total = Number(usage?.total_tokens);
  return Number.isFinite(total) && total > 0 ? total : Math.ceil((promptChars + answerChars) / 4);
}

const FINISH_OR_USAGE = /"finish_reason"\s*:\s*"|"usage"\s*:\s*\{/;
const CONTENT = /"content"\s*:\s*"((?:[^"\\]|\\.)*)"/;

/** What one answer may read from the provider: far above max_tokens' worth of SSE events. */
export const STREAM_BOUNDS = { maxBytes: 256 * 1024, maxLineBytes: 16 * 1024 };

/** A line is only ever scanned once (decision 020). @param {{ maxBytes: number, maxLineBytes: number }} bounds */
export function createTap(bounds = STREAM_BOUNDS) {
  const decoder = new TextDecoder();
  let partial = "";
  const state = { bytes: 0, answerChars: 0, usage: null, finished: false };
  const line = (l) => {
    if (!l.startsWith("data:")) return;
    const data = l.slice(5).trim();
    if (data === "[DONE]") {
      state.finished = true;
      return;
    }
    // A delta is measured without JSON.parse, which took a hostile answer's time (decision 020).
    if (!FINISH_OR_USAGE.test(data)) {
      const content = CONTENT.exec(data);
      if (content) state.answerChars += content[1].length;
      return;
    }
    try {
      const json = JSON.parse(data);
      const choice = json?.choices?.[0];
      if (typeof choice?.delta?.content === "string") state.answerChars += choice.delta.content.length;
      if (choice?.finish_reason) state.finished = true;
      if (json?.usage) state.usage = json.usage;
    } catch {
      // The browser's parser reports a malformed stream; the tap only counts.
    }
  };
  return {
    state,
    /** @param {Uint8Array} bytes @returns {"too-large" | "line-too-long" | null} */
    push(bytes) {
      state.bytes += bytes.byteLength;
      if (state.bytes > bounds.maxBytes) return "too-large";
      const text = decoder.decode(bytes, { stream: true });
      let start = 0;
      for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
        const l = partial + text.slice(start, nl);
        partial = "";
        line(l.endsWith("\r") ? l.slice(0, -1) : l);
        start = nl + 1;
      }
      partial += text.slice(start);
      return partial.length > bounds.maxLineBytes ? "line-too-long" : null;
    },
  };
}

export async function readBounded(body, maxBytes) {
  if (!body) return "";
  const reader = body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString("utf8");
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}
