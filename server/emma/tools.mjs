// Emma's tools for a call and for the chat: one rule per tool, its outcome per channel (decision 070).
import { toRecord } from "../routes/insights/report.mjs";
import { safeForLog } from "../lib/log-safe.mjs";
import { searchSite } from "../lib/site-knowledge.mjs";
import { logLine } from "../lib/logger.mjs";
import { asOneLine, intakeParams, validateFields } from "../lib/message-fields.mjs";
import { systemClock } from "../lib/clock.mjs";
import { functionTools } from "./tool-definitions.mjs";

const MAX_QUESTION_CHARS = 500;
const MAX_SPOKEN_CHARS = 480;
const MAX_CALL_ID_CHARS = 100;
const MAX_REPORTED_IDS = 1000;
const CHAT_HITS = 3;

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

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
const text = (value) => (typeof value === "string" ? value.trim() : "");
const yes = (value) => value === true || /^(true|ja|yes)$/i.test(String(value ?? ""));

/** @typedef {{ result?: string, error?: string, metadata?: object, ui?: object }} ToolOutcome @typedef {{ channel: "voice" | "chat", callId?: string, toolCallId?: string }} ToolContext
 * @param {{ call: any, emma?: any, index: any, store: any, now?: () => Date, insights?: { record(report: object): Promise<void> }, log?: (line: string) => void,
 *   emailLimit?: { take(email: string): Promise<number | null> }, booking?: any, bookingCopy?: any, availability?: () => Promise<{ ask: boolean }> | { ask: boolean } }} options forms.json's sections; the inbox's limit per sender */
export function createEmmaTools({
  call,
  emma,
  index,
  store,
  now = store.now ?? systemClock,
  insights,
  log = logLine,
  emailLimit,
  booking,
  bookingCopy,
  availability = () => ({ ask: false }),
}) {
  const { tools, results } = call;
  const voice = bookingCopy?.voice;
  const chat = emma?.results;

  /** As the chat reports a question (server/routes/insights/report.mjs): an unanswered one's text is kept. */
  async function report(question, answered, page) {
    if (!insights) return;
    const asked = { event: "question", page, outcome: answered ? "site" : "none", source: "call" };
    await insights
      .record(toRecord(answered ? asked : { ...asked, question }, now()))
      .catch((error) => log(`insights: could not record a call's question: ${safeForLog(error?.message ?? error)}`));
  }

  // Vapi may send a tool call again: each is counted once (a bounded list of the latest ids).
  const reported = new Set();
  /** @param {any} args @param {ToolContext} ctx @returns {ToolOutcome} */
  function search(args, { channel, toolCallId }) {
    const question = text(args[tools.search.question]).slice(0, MAX_QUESTION_CHARS);
    if (!question) return { error: results.emptyQuestion };
    const hits = searchSite(index, question);
    if (channel === "chat") {
      if (!hits.length) return { result: results.notOnSite };
      return {
        result: hits
          .slice(0, CHAT_HITS)
          .map((h) => `${h.linkLabel} (${h.href}): ${h.answer}`)
          .join("\n\n"),
      };
    }
    const [best] = hits;
    if (!toolCallId || !reported.has(toolCallId)) {
      if (toolCallId) reported.add(toolCallId);
      if (reported.size > MAX_REPORTED_IDS) reported.delete(reported.values().next().value);
      // Never on the call's path: the answer does not wait for the database.
      void report(question, Boolean(best), "samtal");
    }
    if (!best) return { result: results.notOnSite };
    const line = fill(results.found, { title: spoken(best.linkLabel, 80), text: spoken(best.answer) });
    return { result: line, metadata: { title: best.linkLabel, href: best.href } };
  }

  const contactValues = (args) =>
    Object.fromEntries(
      Object.entries(tools.contact.fields).map(([k, arg]) => [
        k,
        k === "message" ? text(args[arg]) : asOneLine(text(args[arg])).trim(),
      ]),
    );
  const formValues = (values) => ({
    name: values.name ?? "",
    email: values.email ?? "",
    phone: values.phone ?? "",
    company: values.company ?? "",
  });

  /** @param {any} args @param {ToolContext} ctx @returns {Promise<ToolOutcome>} */
  async function contact(args, { channel, callId, toolCallId }) {
    const values = contactValues(args);
    // In the chat the visitor sends the spec's lead form: nothing is kept without their click.
    if (channel === "chat") return { result: chat.leadForm, ui: { type: "lead-form", lead: formValues(values) } };
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

  /** @param {any} args @param {ToolContext} ctx @returns {Promise<ToolOutcome>} */
  async function freeTimes(args, { channel }) {
    if (!booking) return { result: voice.results.off, ...(channel === "chat" ? { ui: { type: "lead-form" } } : {}) };
    const after = Date.parse(text(args[voice.times.after.name]));
    if (channel === "voice") {
      const { slots } = await booking.freeTimes({ after: Number.isFinite(after) ? after : undefined, limit: 3 });
      if (!slots.length) return { result: voice.results.noTimes };
      const times = slots.map((s) => `${booking.spoken(s.start)} [${s.start}]`).join(", ");
      return { result: fill(voice.results.times, { times }) };
    }
    const meeting = yes(args[emma.kind]) ? "phone" : "video";
    const offered = await booking.offer({
      when: text(args[emma.wish]).slice(0, 100),
      after: Number.isFinite(after) ? after : undefined,
      limit: 3,
    });
    if (!offered.slots.length) return { result: chat.noTimes, ui: { type: "lead-form" } };
    const times = offered.slots.map(({ start, label }) => ({ start, label }));
    return {
      result: fill(chat.times, { times: times.map((t) => `${t.label} [${t.start}]`).join(", ") }),
      ui: { type: "times", times, more: offered.more, meeting, ...(offered.wish ? { wish: offered.wish } : {}) },
    };
  }

  const bookingValues = (args) => {
    const f = voice.book.fields;
    return {
      start: text(args[f.start.name]),
      name: text(args[f.name.name]),
      email: text(args[f.email.name]),
      phone: text(args[f.phone.name]),
      company: text(args[f.company.name]),
      message: text(args[f.message.name]),
    };
  };

  /** @param {any} args @param {ToolContext} ctx @returns {Promise<ToolOutcome>} */
  async function book(args, { channel, callId }) {
    if (!booking) return { result: voice.results.off, ...(channel === "chat" ? { ui: { type: "lead-form" } } : {}) };
    const values = bookingValues(args);
    if (channel === "chat") {
      // Only a free time is shown: the visitor's "Boka" holds and books it as the web does.
      const slot = await booking.isFree(values.start);
      if (!slot) return { result: voice.results.unknownTime };
      const start = new Date(slot.start).toISOString();
      const label = booking.label(start);
      return {
        result: fill(chat.booking, { when: label }),
        ui: {
          type: "booking",
          slot: { start, label },
          meeting: values.phone ? "phone" : "video",
          lead: formValues(values),
        },
      };
    }
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
    if (!yes(args[voice.book.fields.confirmed.name]))
      return { result: fill(voice.results.readBack, { email: spelled(values.email) }) };
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

  /** The chat asks a salesperson (decision 074); with nobody to ask, the lead form reaches a person. @returns {Promise<ToolOutcome>} */
  const handoff = async () =>
    (await availability()).ask
      ? { result: chat.handoff, ui: { type: "handoff" } }
      : { result: chat.handoffNobody ?? chat.handoff, ui: { type: "lead-form" } };

  /** @type {Record<string, { channels: string[], booking?: boolean, run: (args: any, ctx: ToolContext) => ToolOutcome | Promise<ToolOutcome> }>} */
  const registry = {
    [tools.search.name]: { channels: ["voice", "chat"], run: search },
    [tools.contact.name]: { channels: ["voice", "chat"], run: contact },
    ...(voice
      ? {
          [voice.times.name]: { channels: ["voice", "chat"], run: freeTimes, booking: true },
          [voice.book.name]: { channels: ["voice", "chat"], run: book, booking: true },
        }
      : {}),
    ...(emma ? { [emma.handoff]: { channels: ["chat"], run: handoff } } : {}),
  };

  return {
    chatTools: () =>
      emma
        ? functionTools(emma.tools, "chat").filter((t) => {
            const tool = registry[t.function.name];
            return tool?.channels.includes("chat") && (booking || !tool.booking);
          })
        : [],
    /** @param {string} name @param {any} args @param {ToolContext} ctx @returns {Promise<ToolOutcome>} */
    async run(name, args, ctx) {
      const tool = Object.hasOwn(registry, name) ? registry[name] : null;
      if (!args || !tool || !tool.channels.includes(ctx.channel)) return { error: results.unknownTool };
      return tool.run(args, ctx);
    },
  };
}
