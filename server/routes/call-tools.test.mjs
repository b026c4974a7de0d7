import { Hono } from "hono";
import { beforeEach, describe, expect, inject, it } from "vitest";
import * as site from "~/config/site";
import * as email from "~/config/email";
import * as chat from "~/content/chat";
import * as contactForm from "~/content/contact-form";
import * as emailMessages from "~/content/email-messages";
import * as formPost from "~/content/form-post";
import * as landing from "~/content/landing";
import * as voiceAssistant from "~/content/voice-assistant";
import { validate } from "~/components/ui/validation";
import { callConfig, formConfig } from "../lib/form-config.mjs";
import { createApp } from "../app.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { startOfSuite, stockholmDate } from "../testing/clock.mjs";
import { tempDir } from "../testing/helpers.mjs";
import { MAX_SUMMARY_CHARS, VAPI_PATH, mountVapi, readToolCall, spoken } from "./call-tools.mjs";
import { validateFields } from "../lib/message-fields.mjs";
import { createMemoryInsights } from "../testing/memory-insights.mjs";

const SECRET = "vapi-test-secret-0123456789";
const call = callConfig({ chat, voiceAssistant, contactForm, site, email });
const copy = voiceAssistant.callAssistantCopy;
const knowledge = inject("knowledgeArtifact");
// The suite's frozen now, and its day on the team's clock (the day the insights count under).
const NOW = startOfSuite();
const TODAY = stockholmDate(NOW);

/** The store API of server/adapters/store/ (issue 29), in memory: what the endpoint may call. */
function memoryStore() {
  const items = [];
  const calls = [];
  return {
    items,
    calls,
    async addMessage(record) {
      calls.push(["addMessage", record]);
      if (record.toolCallId && items.some((m) => m.toolCallId === record.toolCallId)) {
        return { id: null, status: "duplicate" };
      }
      const id = String(items.length + 1);
      items.push({ id, ...record });
      return { id, status: "stored" };
    },
    async findByToolCallId(toolCallId) {
      calls.push(["findByToolCallId", toolCallId]);
      return items.find((m) => m.toolCallId === toolCallId) ?? null;
    },
    async findByCallId(callId) {
      calls.push(["findByCallId", callId]);
      return items.findLast((m) => m.callId === callId) ?? null;
    },
    async updateMessage(id, change) {
      calls.push(["updateMessage", id, change]);
      const item = items.find((m) => m.id === id);
      if (item) Object.assign(item, change);
      return item ?? null;
    },
  };
}

function vapiApp({
  env = { VAPI_SERVER_SECRET: SECRET },
  store = memoryStore(),
  lines = [],
  insights = createMemoryInsights(),
} = {}) {
  const app = new Hono();
  const mounted = mountVapi(app, {
    root: "/nonexistent",
    call,
    store,
    env,
    knowledge,
    insights,
    log: (l) => lines.push(l),
    now: () => NOW,
  });
  return { app, store, lines, mounted, insights };
}

const post = (app, body, headers = { authorization: `Bearer ${SECRET}` }) =>
  app.request(VAPI_PATH, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });

const toolCalls = (list, callId = "call-1") => ({
  message: { type: "tool-calls", call: { id: callId }, toolCallList: list },
});
const searchCall = (id, question, shape = "object") => ({
  id,
  type: "function",
  function: {
    name: copy.search.name,
    ...(shape === "object" ? { arguments: { fraga: question } } : {}),
    ...(shape === "string" ? { arguments: JSON.stringify({ fraga: question }) } : {}),
    ...(shape === "parameters" ? { parameters: { fraga: question } } : {}),
  },
});
const contactCall = (id, args) => ({
  id,
  type: "function",
  function: { name: copy.contact.name, arguments: JSON.stringify(args) },
});
const anna = {
  namn: "Anna Andersson",
  epost: "anna@example.se",
  foretag: "Exempel AB",
  arende: "Röstagent för växeln",
};

describe("tool-calls", () => {
  let ctx;
  beforeEach(() => {
    ctx = vapiApp();
  });

  it("answers each spelling of the arguments, in order, one line each", async () => {
    const res = await post(
      ctx.app,
      toolCalls([
        searchCall("a", "Var ligger ert kontor?", "object"),
        searchCall("b", "Var ligger ert kontor?", "string"),
        searchCall("c", "Var ligger ert kontor?", "parameters"),
        searchCall("d", "Hur lagar man köttbullar?"),
      ]),
    );
    expect(res.status).toBe(200);
    const raw = await res.text();
    const { results } = JSON.parse(raw);
    expect(results.map((r) => r.toolCallId)).toEqual(["a", "b", "c", "d"]);
    for (const r of results.slice(0, 3)) {
      expect(r.result).toMatch(/^Enligt sidan Kontakt: Vi finns i /);
      expect(r.metadata).toEqual({ title: "Kontakt", href: expect.stringMatching(/^\//) });
    }
    expect(results[3]).toEqual({ toolCallId: "d", result: copy.results.notOnSite });
    for (const r of results) {
      expect(r.result).not.toMatch(/[\n\r]|https?:|\]\(|\*\*/);
      expect(r.result.length).toBeLessThanOrEqual(600);
    }
    expect(ctx.lines).toEqual(["vapi type=tool-calls status=200"]);
  });

  it("counts the call's questions for the operator's page, keeping only an unanswered one's text", async () => {
    await post(
      ctx.app,
      toolCalls([
        searchCall("a", "Var ligger ert kontor?"),
        searchCall("b", "Hur lagar man köttbullar? Ring mig på 070-123 45 67"),
      ]),
    );
    const summary = await ctx.insights.summary({ today: TODAY, days: 1 });
    expect(summary.days).toEqual([{ day: TODAY, opened: 0, asked: 2, site: 1, ai: 0, none: 1, lead: 0 }]);
    expect(summary.pages.map((p) => p.page)).toEqual(["samtal"]);
    expect(summary.unanswered).toEqual([
      {
        key: expect.any(String),
        text: expect.stringMatching(/^Hur lagar man köttbullar\? Ring mig på (?!.*070)/),
        count: 1,
        lastAsked: NOW.toISOString(),
        sources: ["call"],
      },
    ]);
    // Vapi sends a tool call again: it is counted once.
    await post(ctx.app, toolCalls([searchCall("a", "Var ligger ert kontor?")]));
    const again = await ctx.insights.summary({ today: TODAY, days: 1 });
    expect(again.days[0]).toMatchObject({ asked: 2, site: 1, none: 1 });
  });

  it("gives an error for an unknown tool, bad arguments or an empty question, and still 200", async () => {
    const res = await post(
      ctx.app,
      toolCalls([
        { id: "x", function: { name: "delete_everything", arguments: {} } },
        { id: "y", function: { name: copy.search.name, arguments: "{not json" } },
        searchCall("z", "  "),
      ]),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).results).toEqual([
      { toolCallId: "x", error: copy.results.unknownTool },
      { toolCallId: "y", error: copy.results.unknownTool },
      { toolCallId: "z", error: copy.results.emptyQuestion },
    ]);
  });

  it("stores a lead of kind samtal, and the end-of-call report adds its summary once", async () => {
    const res = await post(ctx.app, toolCalls([contactCall("t1", anna)], "call-42"));
    const { results } = await res.json();
    expect(results).toEqual([{ toolCallId: "t1", result: copy.results.saved("Anna Andersson") }]);
    expect(ctx.store.items).toEqual([
      {
        id: "1",
        kind: "samtal",
        template: call.template,
        callId: "call-42",
        toolCallId: "call-42/t1",
        receivedAt: NOW.toISOString(),
        params: {
          from_name: "Anna Andersson",
          from_email: "anna@example.se",
          phone: "",
          company: "Exempel AB",
          conversation: `${copy.lead.about}: Röstagent för växeln`,
          timestamp: NOW.toISOString(),
          source: copy.lead.source,
          message: copy.lead.message("Anna Andersson"),
          subject: copy.lead.subject("Anna Andersson"),
        },
      },
    ]);

    const report = {
      message: {
        type: "end-of-call-report",
        call: { id: "call-42" },
        endedReason: "customer-ended-call",
        analysis: { summary: "Anna vill ha en röstagent för växeln.\nRing tillbaka i veckan." },
        artifact: { transcript: "AI: Hej\nUser: Hej", recordingUrl: "https://example.invalid/rec.wav" },
      },
    };
    expect((await post(ctx.app, report)).status).toBe(200);
    expect((await post(ctx.app, report)).status).toBe(200);
    const updates = ctx.store.calls.filter(([op]) => op === "updateMessage");
    expect(updates).toEqual([["updateMessage", "1", { callSummary: report.message.analysis.summary }]]);
    expect(ctx.store.items[0]).not.toHaveProperty("transcript");
    expect(JSON.stringify(ctx.store.items)).not.toContain("rec.wav");
  });

  it("keeps the same details sent twice in a call once, and a correction as a lead of its own", async () => {
    const again = toolCalls([contactCall("t1", anna)], "call-5");
    await post(ctx.app, again);
    const { results } = await (await post(ctx.app, again)).json();
    expect(results).toEqual([{ toolCallId: "t1", result: copy.results.saved("Anna Andersson") }]);
    await post(ctx.app, toolCalls([contactCall("t2", { ...anna, epost: "anna@exempel.se" })], "call-5"));
    expect(ctx.store.items.map((m) => m.params.from_email)).toEqual(["anna@example.se", "anna@exempel.se"]);
  });

  it("stores each contact call of a message once, however often the message is sent", async () => {
    const three = toolCalls(
      [
        contactCall("c1", anna),
        contactCall("c2", { namn: "Bo Berg", epost: "bo@example.se" }),
        contactCall("c3", { namn: "Cia Cederlund", telefon: "070-123 45 67" }),
      ],
      "call-8",
    );
    for (let i = 0; i < 3; i++) {
      const { results } = await (await post(ctx.app, three)).json();
      expect(results.map((r) => r.result)).toEqual(
        ["Anna Andersson", "Bo Berg", "Cia Cederlund"].map((name) => copy.results.saved(name)),
      );
    }
    expect(ctx.store.items.map((m) => m.params.from_name)).toEqual(["Anna Andersson", "Bo Berg", "Cia Cederlund"]);
  });

  it("keeps nothing from a call that left no lead, and bounds the summary", async () => {
    const summary = "x".repeat(MAX_SUMMARY_CHARS * 3);
    const report = (id) => ({ message: { type: "end-of-call-report", call: { id }, analysis: { summary } } });
    expect((await post(ctx.app, report("call-without-lead"))).status).toBe(200);
    expect(ctx.store.items).toEqual([]);
    expect(ctx.store.calls.filter(([op]) => op !== "findByCallId")).toEqual([]);

    await post(ctx.app, toolCalls([contactCall("t1", { namn: "Bo", telefon: "070-123 45 67" })], "call-7"));
    await post(ctx.app, report("call-7"));
    expect(ctx.store.items[0].callSummary).toHaveLength(MAX_SUMMARY_CHARS);
  });

  it("checks contact details with the chat lead form's rules", async () => {
    const cases = [
      contactCall("missing-name", { epost: "a@example.se" }),
      contactCall("bad-email", { namn: "Anna", epost: "anna(at)example" }),
      contactCall("no-way-to-reach", { namn: "Anna", foretag: "AB" }),
      contactCall("too-long", { namn: "A".repeat(101), epost: "a@example.se" }),
      contactCall("phone-only", { namn: "Bo", telefon: "070-123 45 67" }),
      // A number as the voice model writes it is kept as said, never a reason to refuse the caller.
      contactCall("phone-as-said", { namn: "Eva", epost: "eva@example.se", telefon: "070–123 45 67 ankn. 12" }),
    ];
    const { results } = await (await post(ctx.app, toolCalls(cases))).json();
    const rules = chat.leadFields;
    const messages = (values) => Object.values(validate({ phone: "", company: "", ...values }, rules)).join(" ");
    expect(results).toEqual([
      { toolCallId: "missing-name", error: copy.results.invalid(messages({ name: "", email: "a@example.se" })) },
      { toolCallId: "bad-email", error: copy.results.invalid(messages({ name: "Anna", email: "anna(at)example" })) },
      { toolCallId: "no-way-to-reach", error: copy.results.noWayToReach },
      {
        toolCallId: "too-long",
        error: copy.results.invalid(messages({ name: "A".repeat(101), email: "a@example.se" })),
      },
      { toolCallId: "phone-only", result: copy.results.saved("Bo") },
      { toolCallId: "phone-as-said", result: copy.results.saved("Eva") },
    ]);
    expect(ctx.store.items.map((m) => m.params.from_name)).toEqual(["Bo", "Eva"]);
    expect(ctx.store.items[1].params.phone).toBe("070–123 45 67 ankn. 12");
    // The server's check is the browser's: the same messages for the same values.
    const values = { name: "", email: "x", phone: "", company: "" };
    expect(
      validateFields(
        values,
        call.fields.filter((f) => f.name !== "message"),
      ),
    ).toEqual(validate(values, rules));
  });

  it("says so when the lead cannot be stored", async () => {
    const store = { ...memoryStore(), addMessage: async () => ({ id: "", status: "full" }) };
    const { app } = vapiApp({ store });
    const { results } = await (await post(app, toolCalls([contactCall("t", anna)]))).json();
    expect(results).toEqual([{ toolCallId: "t", error: copy.results.failed }]);
  });

  it("limits the tool calls of one call", async () => {
    const { app } = vapiApp({ env: { VAPI_SERVER_SECRET: SECRET, VAPI_RATE_PER_CALL: "2" } });
    const ask = (callId) =>
      post(app, toolCalls([searchCall("q", "Var ligger ert kontor?")], callId)).then((r) => r.json());
    expect((await ask("c1")).results[0].result).toBeDefined();
    expect((await ask("c1")).results[0].result).toBeDefined();
    expect((await ask("c1")).results).toEqual([{ toolCallId: "q", error: copy.results.busy }]);
    expect((await ask("c2")).results[0].result).toBeDefined();
  });
});

describe("the request", () => {
  it("takes the secret as a bearer token or in X-Vapi-Secret", async () => {
    const { app } = vapiApp();
    const body = toolCalls([searchCall("a", "Var ligger ert kontor?")]);
    expect((await post(app, body, { authorization: `Bearer ${SECRET}` })).status).toBe(200);
    expect((await post(app, body, { "x-vapi-secret": SECRET })).status).toBe(200);
  });

  it("refuses a missing or wrong secret with 401 and stores nothing", async () => {
    const { app, store, lines } = vapiApp();
    const body = toolCalls([contactCall("t", anna)]);
    for (const headers of [
      {},
      { authorization: `Bearer ${SECRET}x` },
      { authorization: SECRET },
      { "x-vapi-secret": "wrong" },
      { "x-vapi-secret": SECRET.slice(0, -1) },
    ]) {
      const res = await post(app, body, headers);
      expect(res.status).toBe(401);
    }
    expect(store.calls).toEqual([]);
    expect(lines.every((l) => l === "vapi type=? status=401")).toBe(true);
  });

  it("answers 400 to a malformed body, and logs nothing of it", async () => {
    const { app, store, lines } = vapiApp();
    for (const body of [
      "{not json",
      "[]",
      JSON.stringify({ message: "hi" }),
      JSON.stringify({ message: { type: "tool-calls" } }),
    ]) {
      expect((await post(app, body)).status).toBe(400);
    }
    expect(store.calls).toEqual([]);
    expect(lines).toEqual([
      "vapi type=other status=400",
      "vapi type=other status=400",
      "vapi type=other status=400",
      "vapi type=tool-calls status=400",
    ]);
  });

  it("answers 413 to an oversized body", async () => {
    const { app, store } = vapiApp({ env: { VAPI_SERVER_SECRET: SECRET, VAPI_MAX_BODY_BYTES: "1024" } });
    const big = toolCalls([contactCall("t", { ...anna, arende: "x".repeat(2000) })]);
    expect((await post(app, big)).status).toBe(413);
    expect(store.calls).toEqual([]);
  });

  it("logs only the type and the status, never what the caller said", async () => {
    const { app, lines } = vapiApp();
    await post(app, toolCalls([contactCall("t", anna)]));
    await post(app, { message: { type: "status-update", status: "in-progress", call: { id: "c" } } });
    expect(lines).toEqual(["vapi type=tool-calls status=200", "vapi type=other status=200"]);
  });

  it("does not exist without VAPI_SERVER_SECRET", async () => {
    const root = await tempDir();
    const app = createApp({ root, inboxDir: root, vapi: { env: {} } });
    const res = await post(app, toolCalls([searchCall("a", "kontor")]));
    expect(res.status).toBe(404);
    expect(vapiApp({ env: {} }).mounted).toBe(false);
  });
});

describe("helpers", () => {
  it("reads a tool call in each documented shape", () => {
    expect(readToolCall({ id: "1", function: { name: "f", arguments: '{"a":1}' } })).toEqual({
      id: "1",
      name: "f",
      args: { a: 1 },
    });
    expect(readToolCall({ id: "2", function: { name: "f", parameters: { a: 2 } } })).toEqual({
      id: "2",
      name: "f",
      args: { a: 2 },
    });
    expect(readToolCall({ id: "3", name: "f", arguments: { a: 3 } })).toEqual({ id: "3", name: "f", args: { a: 3 } });
    expect(readToolCall({ id: "4", function: { name: "f", arguments: "[1]" } }).args).toBeNull();
  });

  it("makes a line fit for speech", () => {
    expect(spoken("Läs **mer** på [Kontakt](/#contact) eller https://example.se/x.\n\nTack!")).toBe(
      "Läs mer på Kontakt eller Tack!",
    );
    expect(spoken("Ett. Två. Tre fyra fem sex.", 12)).toBe("Ett. Två.");
  });
});

describe("in the site's store", () => {
  it("stores a call's lead as kind samtal, and its summary on it", async () => {
    const dir = await tempDir();
    const store = openStore({ dir, log: () => {} });
    try {
      const forms = formConfig({
        contactForm,
        emailMessages,
        landing,
        formPost,
        site,
        email,
        chat,
        voiceAssistant,
      });
      const app = createApp({
        root: dir,
        inboxDir: dir,
        forms,
        inbox: { store, quiet: true },
        vapi: { env: { VAPI_SERVER_SECRET: SECRET }, knowledge, log: () => {} },
      });
      await post(app, toolCalls([contactCall("t1", anna)], "call-9"));
      const summary = {
        message: { type: "end-of-call-report", call: { id: "call-9" }, analysis: { summary: "Vill ha demo." } },
      };
      await post(app, summary);
      await post(app, summary);
      await post(app, {
        message: { type: "end-of-call-report", call: { id: "other" }, analysis: { summary: "Nej." } },
      });
      const { total, items } = await store.listMessages({});
      expect(total).toBe(1);
      expect(items[0]).toMatchObject({
        kind: "samtal",
        callId: "call-9",
        callSummary: "Vill ha demo.",
        template: call.template,
        from_name: "Anna Andersson",
        from_email: "anna@example.se",
        company: "Exempel AB",
      });
      expect(await store.findByCallId("other")).toBeNull();
    } finally {
      await store.close();
    }
  });

  it("stores several contact calls sent three times once each, and limits leads per e-mail as the forms do", async () => {
    const dir = await tempDir();
    const store = openStore({ dir, log: () => {} });
    try {
      const forms = formConfig({
        contactForm,
        emailMessages,
        landing,
        formPost,
        site,
        email,
        chat,
        voiceAssistant,
      });
      const app = createApp({
        root: dir,
        inboxDir: dir,
        forms,
        inbox: { store, quiet: true, emailRateLimit: { points: 5, durationSeconds: 600 } },
        vapi: { env: { VAPI_SERVER_SECRET: SECRET }, knowledge, log: () => {} },
      });
      const names = ["Anna", "Bo", "Cia", "Dan", "Eva", "Finn", "Gun", "Hans", "Ida", "Jan"];
      const tenCalls = toolCalls(
        names.map((namn, i) => contactCall(`t${i}`, { namn, epost: `${namn.toLowerCase()}@example.se` })),
        "call-10",
      );
      for (let i = 0; i < 3; i++) await post(app, tenCalls);
      const { items } = await store.listMessages({ limit: 100 });
      expect(items.map((m) => m.from_name).sort()).toEqual([...names].sort());

      // The same e-mail in six calls (six tool calls): five leads, as the forms take five in 10 minutes.
      const same = toolCalls(
        names.slice(0, 6).map((namn, i) => contactCall(`s${i}`, { namn, epost: "samma@example.se" })),
        "call-11",
      );
      const { results } = await (await post(app, same)).json();
      expect(results.map((r) => ("result" in r ? "saved" : r.error))).toEqual([
        ...Array(5).fill("saved"),
        copy.results.busy,
      ]);
      expect((await store.exportPerson("samma@example.se")).map((m) => m.from_name)).toEqual(names.slice(0, 5));
    } finally {
      await store.close();
    }
  });
});
