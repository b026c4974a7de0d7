import { RateLimiterRes } from "rate-limiter-flexible";
import { createPromptBuilder, estimatePromptTokens, PARAMETERS } from "./assistant-prompt.mjs";
import { clientIp, clientKey, proxyHops } from "../guards/client-ip.mjs";
import { bodyLimitByLength, hasMediaType, isSameOrigin } from "../guards/request.mjs";
import { envNumber } from "../lib/env-number.mjs";
import { createLimiter, secondsUntil } from "../guards/limiters.mjs";
import { loadKnowledgeArtifact } from "../lib/site-knowledge.mjs";
import { logLine } from "../lib/logger.mjs";
import {
  countTokens,
  createAiProvider,
  createTap,
  providerConfig,
  providerRetryAfter,
  readBounded,
  STREAM_BOUNDS,
} from "../adapters/ai/provider.mjs";

export { providerBody } from "./assistant-prompt.mjs";
export { countTokens, createTap, STREAM_BOUNDS } from "../adapters/ai/provider.mjs";

// Emma's answers through the site's AI provider, bounded in every input, visitor and day (decisions 014, 020).
export const ASSISTANT_PATH = "/api/assistant";
/** Set on knowledge.json when the endpoint answers, so the browser never asks in vain. */
export const SITE_AI_HEADER = "Emma-Assistant";

const DEFAULTS = {
  AI_RATE_PER_MINUTE: 10,
  AI_RATE_PER_DAY: 100,
  AI_DAILY_TOKENS: 200_000,
  AI_MAX_QUESTION_CHARS: 1000,
  AI_MAX_HISTORY: 10,
  AI_MAX_BODY_BYTES: 16 * 1024,
  AI_TIMEOUT_MS: 20_000,
};
const encoder = new TextEncoder();
const MAX_HISTORY_CHARS = 2000;

export function assistantConfig(env = process.env) {
  const number = (name) => envNumber(env, name, /** @type {Record<string, any>} */ (DEFAULTS)[name]);
  return {
    ...providerConfig(env),
    trustProxy: proxyHops(env.TRUST_PROXY),
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

/** @typedef {{ limiter(options: { keyPrefix: string, points: number, duration: number }):
 *   Pick<import("rate-limiter-flexible").RateLimiterAbstract, "consume" | "get" | "penalty" | "reward"> }} AssistantStore
 * @returns {AssistantStore} */
export function memoryStore() {
  return { limiter: (options) => createLimiter(options) };
}

/** @returns {{ question: string, history: { role: "user" | "assistant", content: string }[] } | { error: string }} */
export function readQuestion(body, { maxQuestionChars, maxHistory }) {
  if (typeof body !== "object" || body === null) return { error: "not-json" };
  const question = typeof body.message === "string" ? body.message.trim() : "";
  if (!question) return { error: "empty" };
  // Characters, not UTF-16 units: an emoji is one.
  if ([...question].length > maxQuestionChars) return { error: "too-long" };
  const raw = body.history ?? [];
  if (!Array.isArray(raw)) return { error: "bad-history" };
  const history = [];
  for (const m of raw.slice(-maxHistory)) {
    if (!m || (m.role !== "user" && m.role !== "assistant") || typeof m.content !== "string") {
      return { error: "bad-history" };
    }
    if (m.content.trim()) history.push({ role: m.role, content: [...m.content].slice(0, MAX_HISTORY_CHARS).join("") });
  }
  return { question, history };
}

/** Without AI_API_KEY, no endpoint: the browser answers from the knowledge. @param {import("hono").Hono} app
 * @param {{ root: string, env?: Record<string, string | undefined>, store?: AssistantStore, fetch?: typeof fetch,
 *   log?: (line: string) => void, knowledge?: object, siteOrigin?: string, streamBounds?: Partial<typeof STREAM_BOUNDS> }} options */
export function mountAssistant(
  app,
  {
    root,
    env = process.env,
    store = memoryStore(),
    fetch,
    log = logLine,
    knowledge,
    siteOrigin,
    streamBounds = {},
  } = {},
) {
  const config = assistantConfig(env);
  if (!config.apiKey) return false;
  const provider = createAiProvider(config, fetch);
  const bounds = { ...STREAM_BOUNDS, ...streamBounds };
  const artifact = knowledge ?? loadKnowledgeArtifact(root);
  const prompt = createPromptBuilder(artifact);
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
    bodyLimitByLength({ maxSize: config.maxBodyBytes, onError: (c) => refuse(c, 413, "too-large") }),
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

      const visitor = clientKey(clientIp(c, { trustProxy: config.trustProxy }));
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
      await prompt.turn();
      const request = prompt.build({ ...input, model: config.model });
      const promptChars = request.messages.reduce((n, m) => n + m.content.length, 0);

      // Reserve the most it may cost, then settle by the usage: each consume is atomic (decision 020).
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
      const record = async (tokens, usage) => {
        const charged = Math.min(tokens, reserved);
        if (tokens > reserved && countTokens(usage, 0, 0) === tokens)
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

      let res;
      try {
        res = await provider.complete(request, upstream.signal);
      } catch {
        finish();
        const reason = upstream.signal.reason?.message;
        const status = reason === "timeout" ? 504 : reason === "client" ? 499 : 502;
        // A visitor who left, or a provider too slow to answer, had the prompt sent: it is charged.
        const tokens = await record(status === 502 ? 0 : estimatePromptTokens(request.messages));
        done(status, tokens, reason ?? "provider-unreachable");
        return refuse(c, status, reason ?? "provider-unreachable");
      }
      if (!res.ok) {
        finish();
        await res.body?.cancel().catch(() => {});
        await record(0);
        if (res.status === 429) return fail(503, "provider-busy", providerRetryAfter(res.headers.get("retry-after")));
        return fail(502, res.status === 401 || res.status === 403 ? "provider-auth" : "provider-error");
      }

      const type = res.headers.get("content-type") ?? "";
      if (!type.includes("text/event-stream") || !res.body) {
        let json;
        try {
          const raw = await readBounded(res.body, bounds.maxBytes);
          if (raw === null) throw new Error("too-large");
          json = JSON.parse(raw);
        } catch {
          finish();
          upstream.abort(new Error("malformed"));
          const tokens = await record(estimatePromptTokens(request.messages));
          done(502, tokens, "provider-malformed");
          return refuse(c, 502, "provider-malformed");
        }
        finish();
        const text = json?.choices?.[0]?.message?.content ?? "";
        const tokens = await record(countTokens(json?.usage, promptChars, String(text).length), json?.usage);
        done(200, tokens);
        return c.json({ choices: [{ message: { role: "assistant", content: text } }] });
      }

      // Read only as the visitor reads; one who leaves aborts it, unless only the usage is to come.
      const tap = createTap(bounds);
      const reader = res.body.getReader();
      let listening = true;
      let outcome = "";
      let ended = false;
      const end = async () => {
        if (ended) return;
        ended = true;
        finish();
        if (!outcome && !tap.state.finished) outcome = listening ? "cut" : "aborted";
        const tokens = await record(countTokens(tap.state.usage, promptChars, tap.state.answerChars), tap.state.usage);
        done(200, tokens, outcome);
      };
      const stream = new ReadableStream(
        {
          start(controller) {
            // A visitor who stops reading leaves no read pending: the timeout ends both sides.
            upstream.signal.addEventListener("abort", () => {
              if (ended || upstream.signal.reason?.message !== "timeout") return;
              outcome = "timeout";
              // Node's response is closed at once (an errored stream would also log a stack).
              const outgoing = c.env?.outgoing;
              if (outgoing) outgoing.destroy();
              else controller.error(new Error("timeout"));
              void reader.cancel().catch(() => {});
              void end();
            });
          },
          async pull(controller) {
            let chunk;
            try {
              chunk = await reader.read();
            } catch {
              if (ended) return;
              outcome = listening ? "cut" : "aborted";
              // A cut stream ends without [DONE]: the browser shows what came and says it was cut.
              controller.close();
              return end();
            }
            if (chunk.done) {
              controller.close();
              return end();
            }
            const over = tap.push(chunk.value);
            if (over) {
              outcome = `provider-${over}`;
              upstream.abort(new Error(over));
              void reader.cancel().catch(() => {});
              // The browser's parser turns this into its friendly message after what came.
              controller.enqueue(encoder.encode(`event: error\ndata: {"error":{"message":"${over}"}}\n\n`));
              controller.close();
              return end();
            }
            controller.enqueue(chunk.value);
          },
          cancel() {
            listening = false;
            if (!tap.state.finished) upstream.abort(new Error("client"));
            void reader.cancel().catch(() => {});
            return end();
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(stream, {
        headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" },
      });
    },
  );
  return true;
}
