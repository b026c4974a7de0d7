import { createHash, timingSafeEqual } from "node:crypto";
import { bodyLimit } from "hono/body-limit";
import { envNumber } from "../lib/env-number.mjs";
import { createLimiter } from "../guards/limiters.mjs";
import { toRecord } from "./insights/report.mjs";
import { safeForLog } from "../lib/log-safe.mjs";
import { createKnowledgeIndex, loadKnowledgeArtifact, searchSite } from "../lib/site-knowledge.mjs";
import { logLine } from "../lib/logger.mjs";
import { asOneLine, intakeParams, validateFields } from "../lib/message-fields.mjs";
import { systemClock } from "../lib/clock.mjs";

/** Emma's server URL in Vapi (decision 024): her call tools, and the end-of-call report's summary on the call's lead. */
export const VAPI_PATH = "/api/vapi";

const DEFAULTS = {
  VAPI_MAX_BODY_BYTES: 256 * 1024,
  VAPI_RATE_PER_CALL: 60,
};
/** Tool calls answered from one message; Vapi sends one or a few. */
const MAX_TOOL_CALLS = 10;
const MAX_QUESTION_CHARS = 500;
/** A spoken answer's most: two or three sentences. */
const MAX_SPOKEN_CHARS = 480;
export const MAX_SUMMARY_CHARS = 4000;
const MAX_CALL_ID_CHARS = 100;
const RATE_WINDOW_SECONDS = 600;
const MAX_REPORTED_IDS = 1000;

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

/** One line, no markdown, no addresses read aloud, at most `max` characters. */
export function spoken(text, max = MAX_SPOKEN_CHARS) {
  const plain = String(text)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/https?:\/\/\S+/gi, "")
    .replace(/[*_`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  return sentence > max / 2 ? cut.slice(0, sentence + 1) : `${cut.slice(0, cut.lastIndexOf(" "))}…`;
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

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
const text = (value) => (typeof value === "string" ? value.trim() : "");

/** `call`, `bookingCopy`: forms.json's sections; `emailLimit`: the inbox's per sender, so a call's leads count with the forms'.
 * @param {{ call: any, index: ReturnType<typeof createKnowledgeIndex>, store: any, now?: () => Date, insights?: { record(report: object): Promise<void> },
 *   log?: (line: string) => void, emailLimit?: { take(email: string): Promise<number | null> }, booking?: any, bookingCopy?: any }} options */
export function createTools({
  call,
  index,
  store,
  now = store.now ?? systemClock,
  insights,
  log = logLine,
  emailLimit,
  booking,
  bookingCopy,
}) {
  const { tools, results } = call;

  /** As the chat reports a question (server/routes/insights/report.mjs): an unanswered one's text is kept. */
  async function report(question, answered) {
    if (!insights) return;
    const asked = { event: "question", page: "samtal", outcome: answered ? "site" : "none", source: "call" };
    await insights
      .record(toRecord(answered ? asked : { ...asked, question }, now()))
      .catch((error) => log(`insights: could not record a call's question: ${safeForLog(error?.message ?? error)}`));
  }

  // Vapi may send a tool call again: each is counted once (a bounded list of the latest ids).
  const reported = new Set();
  function search(args, toolCallId) {
    const question = text(args[tools.search.question]).slice(0, MAX_QUESTION_CHARS);
    if (!question) return { error: results.emptyQuestion };
    const [best] = searchSite(index, question);
    if (!toolCallId || !reported.has(toolCallId)) {
      if (toolCallId) reported.add(toolCallId);
      if (reported.size > MAX_REPORTED_IDS) reported.delete(reported.values().next().value);
      // Never on the call's path: the answer does not wait for the database.
      void report(question, Boolean(best));
    }
    if (!best) return { result: results.notOnSite };
    const line = fill(results.found, { title: spoken(best.linkLabel, 80), text: spoken(best.answer) });
    return { result: line, metadata: { title: best.linkLabel, href: best.href } };
  }

  async function contact(args, callId, toolCallId) {
    // What the voice model wrote, each on one line but what the caller said about their errand.
    const values = Object.fromEntries(
      Object.entries(tools.contact.fields).map(([k, arg]) => [
        k,
        k === "message" ? text(args[arg]) : asOneLine(text(args[arg])).trim(),
      ]),
    );
    if (!values.email && !values.phone) return { error: results.noWayToReach };
    // The chat's rules; on a call a phone number may stand in for the e-mail address.
    const fields = call.fields.map((f) => (f.name === "email" && values.phone ? { ...f, required: false } : f));
    const errors = Object.values(validateFields(values, fields));
    if (errors.length) return { error: spoken(fill(results.invalid, { problems: errors.join(" ") })) };
    const name = values.name;
    const saved = { result: spoken(fill(results.saved, { name })) };
    const checked = intakeParams(
      "samtal",
      {
        from_name: name,
        from_email: values.email,
        phone: values.phone,
        company: values.company,
        conversation: values.message ? `${call.lead.about}: ${values.message}` : "",
        timestamp: now().toISOString(),
        source: call.lead.source,
        message: fill(call.lead.message, { name }),
      },
      { subjects: { samtal: call.lead.subject }, phoneAsSaid: true },
    );
    if ("error" in checked) return { error: results.failed };
    const { params } = checked;
    // Vapi may send a tool-calls message again: each tool call is one lead, kept once (one
    // without an id: the call's lead with the same details).
    const toolCall = toolCallId ? `${callId}/${toolCallId}`.slice(0, 2 * MAX_CALL_ID_CHARS + 1) : undefined;
    const same = (p) =>
      ["from_name", "from_email", "phone", "company", "conversation"].every((k) => p?.[k] === params[k]);
    const previous = callId && !toolCall ? await store.findByCallId(callId).catch(() => null) : null;
    if (toolCall ? await store.findByToolCallId(toolCall) : previous && same(previous.params)) return saved;
    const wait = await emailLimit?.take(values.email || `tel:${values.phone.replace(/\D/g, "")}`);
    if (wait !== null && wait !== undefined) return { error: results.busy };
    const stored = await store
      .addMessage({
        kind: "samtal",
        template: call.template,
        params,
        receivedAt: params.timestamp,
        ...(callId ? { callId } : {}),
        ...(toolCall ? { toolCallId: toolCall } : {}),
      })
      .catch(() => null);
    if (stored?.status !== "stored" && stored?.status !== "duplicate") return { error: results.failed };
    return saved;
  }

  const voice = bookingCopy?.voice;

  async function freeTimes(args) {
    if (!booking) return { result: voice.results.off };
    const after = Date.parse(text(args[voice.times.after.name]));
    const { slots } = await booking.freeTimes({ after: Number.isFinite(after) ? after : undefined, limit: 3 });
    if (!slots.length) return { result: voice.results.noTimes };
    const times = slots.map((s) => `${booking.spoken(s.start)} [${s.start}]`).join(", ");
    return { result: fill(voice.results.times, { times }) };
  }

  async function book(args, callId) {
    if (!booking) return { result: voice.results.off };
    const f = voice.book.fields;
    const values = {
      start: text(args[f.start.name]),
      name: text(args[f.name.name]),
      email: text(args[f.email.name]),
      phone: text(args[f.phone.name]),
      company: text(args[f.company.name]),
      message: text(args[f.message.name]),
    };
    const lead = {
      from_name: values.name,
      from_email: values.email,
      phone: values.phone,
      company: values.company,
      conversation: values.message ? `${call.lead.about}: ${values.message}` : "",
      timestamp: now().toISOString(),
      source: call.lead.source,
      message: fill(call.lead.message, { name: values.name }),
    };
    // The service's check before a time is held: the lead form's problems are said, the intake's not.
    const checked = booking.check("samtal", lead);
    if ("status" in checked) {
      const problems = checked.errors.params ? "" : Object.values(checked.errors).join(" ");
      return { error: spoken(fill(results.invalid, { problems })) };
    }
    const confirmed = args[f.confirmed.name] === true || /^(true|ja|yes)$/i.test(String(args[f.confirmed.name] ?? ""));
    if (!confirmed) return { result: fill(voice.results.readBack, { email: spelled(values.email) }) };
    const booked = await booking.bookCall({ start: values.start, callId, template: call.template, params: lead });
    if (booked.status === "booked") {
      const said = booked.pending && voice.results.pending ? voice.results.pending : voice.results.booked;
      return { result: fill(said, { when: booking.spoken(booked.meeting.start), email: values.email }) };
    }
    if (booked.status === "unknown") return { result: voice.results.unknownTime };
    if (booked.status === "limit") return { result: voice.results.limited };
    if (booked.status === "invalid") return { error: spoken(fill(results.invalid, { problems: "" })) };
    return { result: voice.results.taken };
  }

  /** @returns {Promise<{ result?: string, error?: string, metadata?: object }>} */
  return async function answer(name, args, callId, toolCallId) {
    if (!args) return { error: results.unknownTool };
    if (name === tools.search.name) return search(args, toolCallId);
    if (name === tools.contact.name) return contact(args, callId, toolCallId);
    if (voice && name === voice.times.name) return freeTimes(args);
    if (voice && name === voice.book.name) return book(args, callId);
    return { error: results.unknownTool };
  };
}

/** An e-mail address as it is read back: "anna punkt berg snabel-a example punkt se". */
export function spelled(email) {
  return String(email)
    .replace(/-/g, " bindestreck ")
    .replace(/_/g, " understreck ")
    .replace(/@/g, " snabel-a ")
    .replace(/\./g, " punkt ")
    .replace(/\s+/g, " ")
    .trim();
}

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
  const answer = call
    ? createTools({ call, index, store, now, insights, log, emailLimit, booking, bookingCopy })
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
          if (!answer) results.push({ toolCallId: id, error: "unavailable" });
          else if (limited) results.push({ toolCallId: id, error: call.results.busy });
          else {
            const out = await answer(name, args, callId, id).catch(() => ({ error: call.results.failed }));
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
