import { createHash, timingSafeEqual } from "node:crypto";
import { bodyLimit } from "hono/body-limit";
import { envNumber } from "../lib/env-number.mjs";
import { createLimiter } from "../guards/limiters.mjs";
import { createKnowledgeIndex, loadKnowledgeArtifact } from "../lib/site-knowledge.mjs";
import { logLine } from "../lib/logger.mjs";
import { createEmmaTools } from "../emma/tools.mjs";

export { spoken, spelled } from "../emma/tools.mjs";

/** Emma's server URL in Vapi (decision 024): her call tools, and the end-of-call report's summary on the call's lead. */
export const VAPI_PATH = "/api/vapi";

const DEFAULTS = {
  VAPI_MAX_BODY_BYTES: 256 * 1024,
  VAPI_RATE_PER_CALL: 60,
};
/** Tool calls answered from one message; Vapi sends one or a few. */
const MAX_TOOL_CALLS = 10;
export const MAX_SUMMARY_CHARS = 4000;
const MAX_CALL_ID_CHARS = 100;
const RATE_WINDOW_SECONDS = 600;

/** @param {Record<string, string | undefined>} env */
export function vapiConfig(env = process.env) {
  const number = (name) => envNumber(env, name, DEFAULTS[name]);
  return {
    secret: env.VAPI_SERVER_SECRET?.trim() ?? "",
    maxBodyBytes: number("VAPI_MAX_BODY_BYTES"),
    perCall: number("VAPI_RATE_PER_CALL"),
  };
}

const digest = (text) => createHash("sha256").update(text).digest();

/** Whether the request carries the secret (bearer or the legacy header), compared in constant time. */
export function hasSecret(c, secret) {
  const expected = digest(secret);
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim();
  const given = [bearer, c.req.header("x-vapi-secret")?.trim()].filter((v) => typeof v === "string");
  // Both candidates are compared, so the time does not tell which header was there.
  return given.map((v) => timingSafeEqual(digest(v), expected)).includes(true);
}

/** A tool call's name and arguments, whichever of Vapi's documented shapes it comes in. */
export function readToolCall(call) {
  const fn = call?.function ?? call;
  const name = typeof fn?.name === "string" ? fn.name : "";
  let args = fn?.arguments ?? fn?.parameters ?? call?.arguments ?? call?.parameters ?? {};
  if (typeof args === "string") {
    try {
      args = JSON.parse(args);
    } catch {
      args = null;
    }
  }
  const id = typeof call?.id === "string" ? call.id : typeof call?.toolCallId === "string" ? call.toolCallId : "";
  return { id, name, args: args && typeof args === "object" && !Array.isArray(args) ? args : null };
}

const text = (value) => (typeof value === "string" ? value.trim() : "");

const callIdOf = (message) => {
  const id = message?.call?.id;
  return typeof id === "string" && id && id.length <= MAX_CALL_ID_CHARS ? id : "";
};

/** Without VAPI_SERVER_SECRET the path does not exist. @param {import("hono").Hono} app @param {{ root: string, call?: any, store: any,
 *   env?: Record<string, string | undefined>, log?: (line: string) => void, knowledge?: object, now?: () => Date, booking?: any, bookingCopy?: any,
 *   insights?: { record(report: object): Promise<void> }, emailLimit?: { take(email: string): Promise<number | null> } }} options */
export function mountVapi(
  app,
  { root, call, store, env = process.env, log = logLine, knowledge, now, insights, emailLimit, booking, bookingCopy },
) {
  const config = vapiConfig(env);
  if (!config.secret) return false;
  const index = createKnowledgeIndex(knowledge ?? loadKnowledgeArtifact(root));
  const tools = call
    ? createEmmaTools({ call, index, store, now, insights, log, emailLimit, booking, bookingCopy })
    : null;
  const perCall = createLimiter({
    keyPrefix: "vapi-call",
    points: config.perCall,
    duration: RATE_WINDOW_SECONDS,
  });
  const KNOWN = new Set(["tool-calls", "end-of-call-report"]);

  app.post(
    VAPI_PATH,
    async (c, next) => {
      if (hasSecret(c, config.secret)) return next();
      log(`vapi type=? status=401`);
      return c.json({ error: "unauthorized" }, 401);
    },
    bodyLimit({
      maxSize: config.maxBodyBytes,
      onError: (c) => {
        log(`vapi type=? status=413`);
        return c.json({ error: "too-large" }, 413, { Connection: "close" });
      },
    }),
    async (c) => {
      let message;
      try {
        message = JSON.parse(await c.req.text())?.message;
      } catch {
        message = undefined;
      }
      const type = typeof message?.type === "string" && KNOWN.has(message.type) ? message.type : "other";
      // Nothing from the request but its type and the status is logged.
      const reply = (body, status = 200) => {
        log(`vapi type=${type} status=${status}`);
        return c.json(body, status);
      };
      if (!message || typeof message !== "object") return reply({ error: "bad-request" }, 400);
      const callId = callIdOf(message);

      if (type === "tool-calls") {
        const list = message.toolCallList ?? message.toolCalls;
        if (!Array.isArray(list)) return reply({ error: "bad-request" }, 400);
        const calls = list.slice(0, MAX_TOOL_CALLS).map(readToolCall);
        let limited = false;
        try {
          await perCall.consume(callId || "no-call");
        } catch (res) {
          if (res instanceof Error) throw res;
          limited = true;
        }
        const results = [];
        for (const { id, name, args } of calls) {
          if (!tools) results.push({ toolCallId: id, error: "unavailable" });
          else if (limited) results.push({ toolCallId: id, error: call.results.busy });
          else {
            const out = await tools
              .run(name, args, { channel: "voice", callId, toolCallId: id })
              .catch(() => ({ error: call.results.failed }));
            results.push({ toolCallId: id, ...oneLine(out) });
          }
        }
        return reply({ results });
      }

      if (type === "end-of-call-report") {
        const summary = text(message.analysis?.summary).slice(0, MAX_SUMMARY_CHARS);
        if (!callId || !summary) return reply({});
        const lead = await store.findByCallId(callId).catch(() => null);
        // No lead, nothing kept; the same report twice changes nothing.
        if (lead && lead.callSummary !== summary) {
          const updated = await store.updateMessage(lead.id, { callSummary: summary }).then(
            () => true,
            () => false,
          );
          if (!updated) return reply({ error: "store" }, 500);
        }
        return reply({});
      }
      return reply({});
    },
  );
  return true;
}

/** A line break in a result breaks Vapi's parser: every string on one line. */
function oneLine(out) {
  const flat = (s) => String(s).replace(/\s+/g, " ").trim();
  return {
    ...(out.result !== undefined ? { result: flat(out.result) } : {}),
    ...(out.error !== undefined ? { error: flat(out.error) } : {}),
    ...(out.metadata ? { metadata: out.metadata } : {}),
  };
}
