import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bodyLimit } from "hono/body-limit";
import { RateLimiterRes } from "rate-limiter-flexible";
import { createKnowledgeIndex } from "../app/lib/knowledge/search.mjs";
import { clientIp } from "./client-ip.mjs";
import { hasMediaType, isSameOrigin } from "./guard.mjs";
import { createLimiter, secondsUntil } from "./limiters.mjs";

/**
 * Emma's answers through the site's own AI provider (docs/decisions/014-answer-ladder.md): the
 * server holds the key, grounds each question in the site's knowledge, streams the provider's
 * answer through, and keeps per-visitor limits, a daily token budget and bounds on every input.
 */
export const ASSISTANT_PATH = "/api/assistant";
/** Set on knowledge.json when the endpoint answers, so the browser never asks in vain. */
export const SITE_AI_HEADER = "Emma-Assistant";

const DEFAULTS = {
  AI_BASE_URL: "https://api.openai.com/v1",
  AI_MODEL: "gpt-4.1-2025-04-14",
  AI_RATE_PER_MINUTE: 10,
  AI_RATE_PER_DAY: 100,
  AI_DAILY_TOKENS: 200_000,
  AI_MAX_QUESTION_CHARS: 1000,
  AI_MAX_HISTORY: 10,
  AI_MAX_BODY_BYTES: 16 * 1024,
  AI_TIMEOUT_MS: 20_000,
};
/** The spec's AI parameters (§7, §9). */
const PARAMETERS = { temperature: 0.3, max_tokens: 400, frequency_penalty: 0.5 };
const PASSAGES = 4;
const MAX_HISTORY_CHARS = 2000;

/** @param {Record<string, string | undefined>} env */
export function assistantConfig(env = process.env) {
  const number = (name) => {
    const n = Number(env[name]);
    return env[name] && Number.isInteger(n) && n > 0 ? n : /** @type {Record<string, any>} */ (DEFAULTS)[name];
  };
  return {
    apiKey: env.AI_API_KEY?.trim() ?? "",
    baseUrl: (env.AI_BASE_URL?.trim() || DEFAULTS.AI_BASE_URL).replace(/\/+$/, ""),
    model: env.AI_MODEL?.trim() || DEFAULTS.AI_MODEL,
    trustProxy: Boolean(env.TRUST_PROXY),
    perMinute: number("AI_RATE_PER_MINUTE"),
    perDay: number("AI_RATE_PER_DAY"),
    dailyTokens: number("AI_DAILY_TOKENS"),
    // A tenth of the site's tokens unless set: one visitor cannot spend the day for everyone.
    visitorTokens: number("AI_VISITOR_DAILY_TOKENS") ?? Math.max(1, Math.floor(number("AI_DAILY_TOKENS") / 10)),
    maxQuestionChars: number("AI_MAX_QUESTION_CHARS"),
    maxHistory: number("AI_MAX_HISTORY"),
    maxBodyBytes: number("AI_MAX_BODY_BYTES"),
    timeoutMs: number("AI_TIMEOUT_MS"),
  };
}

/**
 * Where limits and the budget are counted. A limiter is rate-limiter-flexible's (consume, get,
 * penalty, reward); several instances of the site share one through server/limiters.mjs.
 * @typedef {{ limiter(options: { keyPrefix: string, points: number, duration: number }):
 *   Pick<import("rate-limiter-flexible").RateLimiterAbstract, "consume" | "get" | "penalty" | "reward"> }} AssistantStore
 * @returns {AssistantStore}
 */
export function memoryStore() {
  return { limiter: (options) => createLimiter(options) };
}

/** Tokens a prompt may cost at most: about three characters a token, and a few per message. */
export function estimatePromptTokens(messages) {
  return messages.reduce((n, m) => n + Math.ceil(m.content.length / 3) + 4, 0);
}

/**
 * The provider request: persona, the retrieved passages as reference text, a bounded history,
 * the question last.
 * @param {{ persona: string, referenceNote: string, passages: { title: string, text: string, href: string }[],
 *   history: { role: "user" | "assistant", content: string }[], question: string, model: string }} input
 */
export function providerBody({ persona, referenceNote, passages, history, question, model }) {
  const reference = passages.length
    ? passages.map((p, i) => `[${i + 1}] ${p.title} (${p.href})\n${p.text}`).join("\n\n")
    : "(Ingen text på webbplatsen matchar frågan.)";
  return {
    model,
    messages: [
      { role: "system", content: persona },
      { role: "system", content: `${referenceNote}\n<referenstext>\n${reference}\n</referenstext>` },
      ...history,
      { role: "user", content: question },
    ],
    ...PARAMETERS,
    stream: true,
    stream_options: { include_usage: true },
  };
}

/**
 * The question and history of a request body, or what is wrong with it.
 * @returns {{ question: string, history: { role: "user" | "assistant", content: string }[] } | { error: string }}
 */
export function readQuestion(body, { maxQuestionChars, maxHistory }) {
  if (typeof body !== "object" || body === null) return { error: "not-json" };
  const question = typeof body.message === "string" ? body.message.trim() : "";
  if (!question) return { error: "empty" };
  if (question.length > maxQuestionChars) return { error: "too-long" };
  const raw = body.history ?? [];
  if (!Array.isArray(raw)) return { error: "bad-history" };
  const history = [];
  for (const m of raw.slice(-maxHistory)) {
    if (!m || (m.role !== "user" && m.role !== "assistant") || typeof m.content !== "string") {
      return { error: "bad-history" };
    }
    if (m.content.trim()) history.push({ role: m.role, content: m.content.slice(0, MAX_HISTORY_CHARS) });
  }
  return { question, history };
}

/** Tokens from the provider's usage report, else about four characters a token. */
export function countTokens(usage, promptChars, answerChars) {
  const total = Number(usage?.total_tokens);
  return Number.isFinite(total) && total > 0 ? total : Math.ceil((promptChars + answerChars) / 4);
}

/** Reads a chat-completions SSE stream as it passes: the answer's text, usage and whether it ended. */
function createTap() {
  const decoder = new TextDecoder();
  let buffer = "";
  const state = { text: "", usage: null, finished: false };
  const line = (l) => {
    if (!l.startsWith("data:")) return;
    const data = l.slice(5).trim();
    if (data === "[DONE]") {
      state.finished = true;
      return;
    }
    try {
      const json = JSON.parse(data);
      const choice = json?.choices?.[0];
      if (typeof choice?.delta?.content === "string") state.text += choice.delta.content;
      if (choice?.finish_reason) state.finished = true;
      if (json?.usage) state.usage = json.usage;
    } catch {
      // The browser's parser reports a malformed stream; the tap only counts.
    }
  };
  return {
    state,
    push(bytes) {
      buffer += decoder.decode(bytes, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? "";
      lines.forEach(line);
    },
  };
}

/**
 * Mounts POST /api/assistant when AI_API_KEY is set, and marks knowledge.json so the browser
 * knows. Without a key nothing is mounted and the browser answers from the knowledge alone.
 * @param {import("hono").Hono} app
 * @param {{ root: string, env?: Record<string, string | undefined>, store?: AssistantStore,
 *   fetch?: typeof fetch, log?: (line: string) => void, knowledge?: object, siteOrigin?: string }} options
 */
export function mountAssistant(
  app,
  {
    root,
    env = process.env,
    store = memoryStore(),
    fetch = globalThis.fetch,
    log = console.log,
    knowledge,
    siteOrigin,
  } = {},
) {
  const config = assistantConfig(env);
  if (!config.apiKey) return false;
  const file = join(root, "knowledge.json");
  const artifact =
    knowledge ??
    (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : { persona: "", referenceNote: "", passages: [] });
  const index = createKnowledgeIndex(artifact);
  const perMinute = store.limiter({ keyPrefix: "ai-minute", points: config.perMinute, duration: 60 });
  const perDay = store.limiter({ keyPrefix: "ai-day", points: config.perDay, duration: 86_400 });
  const budget = store.limiter({ keyPrefix: "ai-tokens", points: config.dailyTokens, duration: 86_400 });
  const visitorBudget = store.limiter({
    keyPrefix: "ai-visitor-tokens",
    points: config.visitorTokens,
    duration: 86_400,
  });

  app.use("/knowledge.json", async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set(SITE_AI_HEADER, "on");
  });

  const refuse = (c, status, error, retryAfter) => {
    if (retryAfter) c.header("Retry-After", String(retryAfter));
    c.header("Cache-Control", "no-store");
    return c.json({ error }, status);
  };

  app.post(
    ASSISTANT_PATH,
    // The inbox's rule: another site's page cannot spend the budget through a simple request.
    async (c, next) => {
      if (!isSameOrigin(c, { siteOrigin, trustProxy: config.trustProxy })) return refuse(c, 403, "not-same-origin");
      if (!hasMediaType(c, "application/json")) return refuse(c, 415, "not-json");
      return next();
    },
    bodyLimit({ maxSize: config.maxBodyBytes, onError: (c) => refuse(c, 413, "too-large") }),
    async (c) => {
      const started = performance.now();
      // One line per question: never its text, the answer or the key.
      const done = (status, tokens = 0, outcome = "") =>
        log(
          `assistant ${new Date().toISOString()} status=${status} tokens=${tokens} latency=${Math.round(performance.now() - started)}ms${outcome ? ` ${outcome}` : ""}`,
        );
      const fail = (status, error, retryAfter) => {
        done(status, 0, error);
        return refuse(c, status, error, retryAfter);
      };

      let body;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return fail(400, "not-json");
      }
      const input = readQuestion(body, config);
      if ("error" in input) return fail(input.error === "too-long" ? 413 : 400, input.error);

      const visitor = clientIp(c, { trustProxy: config.trustProxy });
      for (const [limiter, error] of [
        [perMinute, "visitor-minute"],
        [perDay, "visitor-day"],
      ]) {
        try {
          await limiter.consume(visitor);
        } catch (res) {
          if (!(res instanceof RateLimiterRes)) throw res;
          return fail(429, error, secondsUntil(res));
        }
      }
      const passages = index.search(input.question, { limit: PASSAGES }).map((h) => h.passage);
      const request = providerBody({ ...artifact, passages, ...input, model: config.model });
      const promptChars = request.messages.reduce((n, m) => n + m.content.length, 0);

      // The most this answer may cost is reserved before it is asked for (each consume is atomic),
      // in the visitor's share and in the site's budget; the answer's usage settles it after.
      const reserved = estimatePromptTokens(request.messages) + PARAMETERS.max_tokens;
      const reservations = [];
      for (const [limiter, key, error, outcome] of [
        [visitorBudget, visitor, "visitor-day", "visitor-tokens"],
        [budget, "site", "budget", "budget"],
      ]) {
        try {
          await limiter.consume(key, reserved);
          reservations.push([limiter, key]);
        } catch (res) {
          if (!(res instanceof RateLimiterRes)) throw res;
          await limiter.reward(key, reserved).catch(() => {});
          for (const [l, k] of reservations) await l.reward(k, reserved).catch(() => {});
          done(429, 0, outcome);
          return refuse(c, 429, error, secondsUntil(res));
        }
      }
      // An answer is charged at most what it could cost: a larger report is the provider's error.
      const record = async (tokens) => {
        const charged = Math.min(tokens, reserved);
        if (tokens > reserved)
          log(`assistant ${new Date().toISOString()} usage-anomaly reported=${tokens} charged=${charged}`);
        for (const [l, k] of reservations) await l.reward(k, reserved - charged).catch(() => {});
        return charged;
      };

      const upstream = new AbortController();
      const timer = setTimeout(() => upstream.abort(new Error("timeout")), config.timeoutMs);
      const clientGone = c.req.raw.signal;
      const onClientGone = () => upstream.abort(new Error("client"));
      clientGone?.addEventListener("abort", onClientGone);
      const finish = () => {
        clearTimeout(timer);
        clientGone?.removeEventListener("abort", onClientGone);
      };

      const ask = (body) =>
        fetch(`${config.baseUrl}/chat/completions`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.apiKey}` },
          body: JSON.stringify(body),
          signal: upstream.signal,
        });
      let res;
      try {
        res = await ask(request);
        // Some OpenAI-compatible servers refuse stream_options: ask once more without it.
        if (res.status === 400 || res.status === 422) {
          await res.body?.cancel().catch(() => {});
          const plain = { ...request };
          delete plain.stream_options;
          res = await ask(plain);
        }
      } catch {
        finish();
        const reason = upstream.signal.reason?.message;
        return fail(reason === "timeout" ? 504 : reason === "client" ? 499 : 502, reason ?? "provider-unreachable");
      }
      if (!res.ok) {
        finish();
        await res.body?.cancel().catch(() => {});
        await record(0);
        if (res.status === 429) return fail(503, "provider-busy", Number(res.headers.get("retry-after")) || 30);
        return fail(502, res.status === 401 || res.status === 403 ? "provider-auth" : "provider-error");
      }

      const type = res.headers.get("content-type") ?? "";
      if (!type.includes("text/event-stream") || !res.body) {
        let json;
        try {
          json = JSON.parse(await res.text());
        } catch {
          finish();
          return fail(502, "provider-malformed");
        }
        finish();
        const text = json?.choices?.[0]?.message?.content ?? "";
        const tokens = await record(countTokens(json?.usage, promptChars, String(text).length));
        done(200, tokens);
        return c.json({ choices: [{ message: { role: "assistant", content: text } }] });
      }

      // Streamed through as it comes. The visitor leaving aborts the provider's request, unless
      // the answer is complete and only the usage report is still to come.
      const tap = createTap();
      const reader = res.body.getReader();
      let listening = true;
      const stream = new ReadableStream({
        start(controller) {
          void (async () => {
            let outcome = "";
            try {
              for (;;) {
                const { done: ended, value } = await reader.read();
                if (ended) break;
                tap.push(value);
                if (listening) controller.enqueue(value);
              }
            } catch {
              outcome = upstream.signal.reason?.message === "timeout" ? "timeout" : listening ? "cut" : "aborted";
            } finally {
              finish();
              if (!outcome && !tap.state.finished) outcome = listening ? "cut" : "aborted";
              // A cut stream ends without [DONE]: the browser shows what came and says it was cut.
              if (listening) controller.close();
              const tokens = await record(countTokens(tap.state.usage, promptChars, tap.state.text.length));
              done(200, tokens, outcome);
            }
          })();
        },
        cancel() {
          listening = false;
          if (tap.state.finished) return;
          upstream.abort(new Error("client"));
          void reader.cancel().catch(() => {});
        },
      });
      return new Response(stream, {
        headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" },
      });
    },
  );
  return true;
}
