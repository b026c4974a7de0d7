import { RateLimiterRes } from "rate-limiter-flexible";
import { createPromptBuilder, estimatePromptTokens, PARAMETERS } from "./assistant-prompt.mjs";
import { clientIp, clientKey, proxyHops } from "../guards/client-ip.mjs";
import { bodyLimitByLength, hasMediaType, isSameOrigin } from "../guards/request.mjs";
import { envNumber } from "../lib/env-number.mjs";
import { createLimiter, secondsUntil } from "../guards/limiters.mjs";
import { loadKnowledgeArtifact } from "../lib/site-knowledge.mjs";
import { logLine } from "../lib/logger.mjs";
import { completionOf, createToolTap } from "../emma/tool-stream.mjs";
import {
  countTokens,
  createAiProvider,
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
/** On an answer: whether Emma's tools were offered to the model that gave it. */
export const TOOLS_HEADER = "Emma-Tools";

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
const MAX_TOOL_CALLS = 3;

const requestChars = (body) =>
  body.messages.reduce(
    (n, m) => n + (m.content?.length ?? 0) + (m.tool_calls ? JSON.stringify(m.tool_calls).length : 0),
    0,
  ) + (body.tools ? JSON.stringify(body.tools).length : 0);
/** What a request may cost at most before its answer, as the budget reserves it (a few tokens a message more). */
const requestTokens = (body) => Math.ceil(requestChars(body) / 3) + 4 * body.messages.length;

/** The chat's request with Emma's tools and the rule for them added to her persona. */
export function withTools(body, tools, rule) {
  if (!tools.length) return body;
  const [persona, ...rest] = body.messages;
  return {
    ...body,
    messages: [{ ...persona, content: `${persona.content} ${rule}` }, ...rest],
    tools,
    tool_choice: "auto",
  };
}

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
    // The chat's model gets Emma's tools unless turned off (a provider that mishandles them).
    tools: !/^(off|false|0|no)$/i.test(env.AI_TOOLS?.trim() ?? ""),
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

/** Without AI_API_KEY, no endpoint: the browser answers from the knowledge. @param {import("hono").Hono} app @param {{ root: string, env?: Record<string, string | undefined>,
 *   store?: AssistantStore, fetch?: typeof fetch, log?: (line: string) => void, knowledge?: object, siteOrigin?: string, streamBounds?: Partial<typeof STREAM_BOUNDS>,
 *   tools?: ((index: any) => ReturnType<typeof import("../emma/tools.mjs").createEmmaTools>) | null, toolRule?: string }} options */
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
    tools = null,
    toolRule = "",
  } = {},
) {
  const config = assistantConfig(env);
  if (!config.apiKey) return false;
  const provider = createAiProvider(config, fetch);
  const bounds = { ...STREAM_BOUNDS, ...streamBounds };
  const artifact = knowledge ?? loadKnowledgeArtifact(root);
  const prompt = createPromptBuilder(artifact);
  const emmaTools = config.tools && tools ? tools(prompt.index) : null;
  const rule = toolRule;
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
      const tools = emmaTools?.chatTools() ?? [];
      const request = withTools(prompt.build({ ...input, model: config.model }), tools, rule);
      const promptChars = requestChars(request);

      // Reserve the most a request may cost, then settle by its usage: each consume is atomic (decision 020).
      const reserve = async (body) => {
        const reserved = requestTokens(body) + PARAMETERS.max_tokens;
        const held = [];
        for (const [limiter, key, error, outcome] of [
          [visitorBudget, visitor, "visitor-day", "visitor-tokens"],
          [budget, "site", "budget", "budget"],
        ]) {
          try {
            await limiter.consume(key, reserved);
            held.push([limiter, key]);
          } catch (res) {
            if (!(res instanceof RateLimiterRes)) throw res;
            await limiter.reward(key, reserved).catch(() => {});
            for (const [l, k] of held) await l.reward(k, reserved).catch(() => {});
            return { refused: { error, outcome, retryAfter: secondsUntil(res) } };
          }
        }
        let settled = false;
        return {
          // An answer is charged at most what it could cost: a larger report is the provider's error.
          async settle(tokens, usage) {
            if (settled) return 0;
            settled = true;
            const charged = Math.min(tokens, reserved);
            if (tokens > reserved && countTokens(usage, 0, 0) === tokens)
              log(`assistant ${new Date().toISOString()} usage-anomaly reported=${tokens} charged=${charged}`);
            for (const [l, k] of held) await l.reward(k, reserved - charged).catch(() => {});
            return charged;
          },
        };
      };
      const first = await reserve(request);
      if ("refused" in first) {
        done(429, 0, first.refused.outcome);
        return refuse(c, 429, first.refused.error, first.refused.retryAfter);
      }
      const record = first.settle;

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
      // Whether the answer's request carried the tools: the browser offers times itself if not.
      let toolsSent = false;
      try {
        res = await provider.complete(request, upstream.signal, (body) => (toolsSent = "tools" in body));
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

      /** The tools a reply asked for, run; and the request that gives the model their results. */
      const runTools = async (body, calls, said) => {
        const ui = [];
        const results = [];
        const asked = calls.slice(0, MAX_TOOL_CALLS).map((call, i) => ({ ...call, id: call.id || `call_${i}` }));
        for (const call of asked) {
          let args = null;
          try {
            args = JSON.parse(call.arguments || "{}");
          } catch {
            // An unreadable call is answered as an unknown one.
          }
          const out = await emmaTools.run(call.name, args, { channel: "chat" }).catch(() => ({ error: "failed" }));
          if (out.ui) ui.push(out.ui);
          results.push({ role: "tool", tool_call_id: call.id, content: String(out.result ?? out.error ?? "") });
        }
        const toolCalls = asked.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.arguments },
        }));
        const next = {
          ...body,
          messages: [...body.messages, { role: "assistant", content: said || null, tool_calls: toolCalls }, ...results],
          tool_choice: "none",
        };
        return { ui, next };
      };

      const type = res.headers.get("content-type") ?? "";
      if (!type.includes("text/event-stream") || !res.body) {
        const read = async (response) => {
          const raw = await readBounded(response.body, bounds.maxBytes);
          const answer = raw === null ? null : completionOf(raw);
          if (!answer) throw new Error("malformed");
          return answer;
        };
        let answer;
        try {
          answer = await read(res);
        } catch {
          finish();
          upstream.abort(new Error("malformed"));
          const tokens = await record(estimatePromptTokens(request.messages));
          done(502, tokens, "provider-malformed");
          return refuse(c, 502, "provider-malformed");
        }
        let tokens = await record(countTokens(answer.usage, promptChars, answer.text.length), answer.usage);
        let text = answer.text;
        const ui = [];
        if (answer.calls.length && emmaTools) {
          const ran = await runTools(request, answer.calls, answer.text);
          ui.push(...ran.ui);
          const second = await reserve(ran.next);
          if (!("refused" in second)) {
            let more = null;
            try {
              const again = await provider.complete(ran.next, upstream.signal);
              if (again.ok) more = await read(again);
              else await again.body?.cancel().catch(() => {});
            } catch {
              // The tools' results stand on their own: the browser shows them.
            }
            tokens += await second.settle(more ? countTokens(more.usage, 0, more.text.length) : 0, more?.usage);
            if (more?.text) text = text ? `${text}\n\n${more.text}` : more.text;
          }
        }
        finish();
        done(200, tokens, ui.length ? `tools=${answer.calls.length}` : "");
        c.header(TOOLS_HEADER, toolsSent ? "on" : "off");
        return c.json({ choices: [{ message: { role: "assistant", content: text } }], ...(ui.length ? { ui } : {}) });
      }

      // Read only as the visitor reads; one who leaves aborts it, unless only the usage is to come.
      let listening = true;
      let outcome = "";
      let ended = false;
      let tokens = 0;
      let toolsRun = 0;
      /** The request being read: its reader, tap and reservation, settled when it ends. */
      let round = { reader: res.body.getReader(), tap: createToolTap(bounds), ticket: first, promptChars };
      const settleRound = async () => {
        const { tap, ticket } = round;
        tokens += await ticket.settle(
          countTokens(tap.state.usage, round.promptChars, tap.state.answerChars),
          tap.state.usage,
        );
      };
      const end = async () => {
        if (ended) return;
        ended = true;
        finish();
        if (!outcome && !round.tap.state.finished) outcome = listening ? "cut" : "aborted";
        await settleRound();
        done(200, tokens, outcome || (toolsRun ? `tools=${toolsRun}` : ""));
      };
      /** After a reply that asked for tools: their results for the browser, then the model's answer to them. */
      async function* afterTools() {
        const calls = round.tap.calls();
        if (!calls.length || !emmaTools || round.ticket !== first) return;
        const said = round.tap.text();
        await settleRound();
        toolsRun = calls.length;
        const ran = await runTools(request, calls, said);
        for (const ui of ran.ui) yield `event: ui\ndata: ${JSON.stringify(ui)}\n\n`;
        const second = await reserve(ran.next);
        let again = null;
        if (!("refused" in second)) {
          again = await provider.complete(ran.next, upstream.signal).catch(() => null);
          if (again && (!again.ok || !again.body)) {
            await again.body?.cancel().catch(() => {});
            again = null;
          }
        }
        const ticket = "refused" in second ? { settle: async () => 0 } : second;
        if (!again || !(again.headers.get("content-type") ?? "").includes("text/event-stream")) {
          const raw = again ? await readBounded(again.body, bounds.maxBytes).catch(() => null) : null;
          const more = raw ? completionOf(raw) : null;
          tokens += await ticket.settle(more ? countTokens(more.usage, 0, more.text.length) : 0, more?.usage);
          round = { reader: null, tap: createToolTap(bounds), ticket: { settle: async () => 0 }, promptChars: 0 };
          round.tap.state.finished = true;
          if (more?.text)
            yield `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `${said ? "\n\n" : ""}${more.text}` } }] })}\n\n`;
          yield "data: [DONE]\n\n";
          return;
        }
        round = {
          reader: again.body.getReader(),
          tap: createToolTap(bounds),
          ticket,
          promptChars: requestChars(ran.next),
        };
        if (said) yield `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "\n\n" } }] })}\n\n`;
      }
      let pending = null;
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
              void round.reader?.cancel().catch(() => {});
              void end();
            });
          },
          // Each pull gives the browser something or ends: a pull that gave nothing would not be called again.
          async pull(controller) {
            for (;;) {
              if (pending) {
                const next = await pending.next().catch(() => ({ done: true, value: undefined }));
                if (!next.done) return controller.enqueue(encoder.encode(next.value));
                pending = null;
                if (!round.reader) {
                  controller.close();
                  return end();
                }
              }
              let chunk;
              try {
                chunk = await round.reader.read();
              } catch {
                if (ended) return;
                outcome = listening ? "cut" : "aborted";
                // A cut stream ends without [DONE]: the browser shows what came and says it was cut.
                controller.close();
                return end();
              }
              if (chunk.done) {
                const rest = round.tap.end();
                if (rest) controller.enqueue(encoder.encode(rest));
                if (round.tap.calls().length && round.ticket === first && emmaTools) {
                  pending = afterTools();
                  continue;
                }
                controller.close();
                return end();
              }
              const { over, out } = round.tap.push(chunk.value);
              if (over) {
                outcome = `provider-${over}`;
                upstream.abort(new Error(over));
                void round.reader.cancel().catch(() => {});
                // The browser's parser turns this into its friendly message after what came.
                controller.enqueue(encoder.encode(`event: error\ndata: {"error":{"message":"${over}"}}\n\n`));
                controller.close();
                return end();
              }
              if (out) return controller.enqueue(encoder.encode(out));
            }
          },
          cancel() {
            listening = false;
            if (!round.tap.state.finished) upstream.abort(new Error("client"));
            void round.reader?.cancel().catch(() => {});
            void pending?.return(undefined);
            return end();
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(stream, {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
          [TOOLS_HEADER]: toolsSent ? "on" : "off",
        },
      });
    },
  );
  return true;
}
