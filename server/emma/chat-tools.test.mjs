// @vitest-environment node
// Emma's tools in the chat (POST /api/assistant with the site's AI): the model's tool call is run
// by the server, the browser gets what it shows, the second request carries the tool's result.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../app.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { bookingConfig } from "../booking/config.mjs";
import { bookingForms as forms } from "../testing/booking-forms.mjs";
import { sameSite, tempDir } from "../testing/helpers.mjs";
import { HOUR, plus, startOfSuite, swedishLabel, workday } from "../testing/clock.mjs";

const KEY = "test-site-key-0123456789";
const knowledge = inject("knowledgeArtifact");
const opening = workday(startOfSuite(), 1, "09:00");
const now = () => opening;
const encoder = new TextEncoder();
const event = (json) => encoder.encode(`data: ${JSON.stringify(json)}\n\n`);

/** A streamed reply from parts, as an OpenAI-compatible provider sends it. */
const sse = (parts) =>
  new Response(
    new ReadableStream({
      start(c) {
        for (const p of parts) c.enqueue(typeof p === "string" ? encoder.encode(p) : p);
        c.close();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );

/** A tool call streamed in pieces, its arguments split mid-JSON, then its finish and usage. */
const streamedCall = (name, args, usage = 100) => {
  const json = JSON.stringify(args);
  return sse([
    event({
      choices: [
        {
          index: 0,
          delta: {
            role: "assistant",
            content: null,
            tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name, arguments: "" } }],
          },
        },
      ],
    }),
    event({
      choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: json.slice(0, 7) } }] } }],
    }),
    event({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: json.slice(7) } }] } }] }),
    event({ choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] }),
    event({ choices: [], usage: { total_tokens: usage } }),
    "data: [DONE]\n\n",
  ]);
};
const streamedText = (parts, usage = 50) =>
  sse([
    ...parts.map((t) => event({ choices: [{ index: 0, delta: { content: t } }] })),
    event({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }),
    event({ choices: [], usage: { total_tokens: usage } }),
    "data: [DONE]\n\n",
  ]);
const json = (message, usage) =>
  new Response(JSON.stringify({ choices: [{ message }], usage: { total_tokens: usage } }), {
    headers: { "content-type": "application/json" },
  });

describe("Emma's tools in the chat", () => {
  let store;
  let app;
  /** @type {{ body: any }[]} */
  const requests = [];
  /** @type {((body: any) => Response)[]} */
  let replies = [];
  const lines = [];
  beforeAll(async () => {
    const dir = await tempDir();
    store = openStore({ dir, log: () => {}, now });
    app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, quiet: true },
      booking: {
        config: bookingConfig({ BOOKING_SURGE_COUNT: "1000" }),
        calendar: /** @type {any} */ ({ writable: false, busy: async () => [] }),
      },
      assistant: {
        env: { AI_API_KEY: KEY, AI_BASE_URL: "http://provider.test/v1" },
        knowledge,
        log: (l) => lines.push(l),
        fetch: async (_url, init) => {
          const body = JSON.parse(init.body);
          requests.push({ body });
          const reply = replies.shift();
          if (!reply) throw new Error("no reply scripted");
          return reply(body);
        },
      },
      now,
    });
  }, 60_000);
  afterAll(() => store.close());

  const ask = (message) =>
    app.request("/api/assistant", {
      method: "POST",
      headers: { "content-type": "application/json", ...sameSite },
      body: JSON.stringify({ message, history: [] }),
    });
  const start = () => {
    requests.length = 0;
    lines.length = 0;
  };
  const logged = () => lines.find((l) => /^assistant \S+ status=/.test(l)) ?? "";

  it("runs a streamed call for free times: the browser gets them as UI, the model their result", async () => {
    start();
    replies = [
      () => streamedCall("lediga_motestider", { onskemal: "" }),
      () => streamedText(["Välj ", "en tid ovan."]),
    ];
    const res = await ask("Kan vi ses nästa vecka?");
    expect(res.status).toBe(200);
    const body = await res.text();
    const times = [13, 13.5, 14].map((h) => plus(opening, (h - 9) * HOUR).toISOString());
    const ui = JSON.parse(/^event: ui\ndata: (.*)$/m.exec(body)?.[1] ?? "null");
    expect(ui).toEqual({
      type: "times",
      times: times.map((t) => ({ start: t, label: swedishLabel(t) })),
      more: true,
      meeting: "video",
    });
    // The model's words after the UI; the tool call itself never reaches the browser.
    expect(body.indexOf("event: ui")).toBeLessThan(body.indexOf("Välj "));
    expect(body).not.toContain("tool_calls");
    expect(body.trimEnd().endsWith("data: [DONE]")).toBe(true);

    const [first, second] = requests;
    expect(first.body.tools.map((t) => t.function.name)).toEqual([
      "sok_pa_webbplatsen",
      "spara_kontaktuppgifter",
      "lediga_motestider",
      "boka_mote",
      "prata_med_saljare",
    ]);
    expect(first.body.tool_choice).toBe("auto");
    expect(first.body.messages[0].content).toContain("hitta aldrig på en tid");
    const sent = second.body.messages.slice(-2);
    expect(sent[0]).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "lediga_motestider", arguments: '{"onskemal":""}' } },
      ],
    });
    expect(sent[1].role).toBe("tool");
    expect(sent[1].tool_call_id).toBe("call_1");
    for (const t of times) expect(sent[1].content).toContain(`${swedishLabel(t)} [${t}]`);
    expect(second.body.tool_choice).toBe("none");
    // Both requests are charged: 100 tokens and 50.
    await expect.poll(logged).toMatch(/status=200 tokens=150 latency=\d+ms tools=1$/);
  });

  it("shows a named free time as the booking, and refuses a time that is not free", async () => {
    start();
    const free = workday(opening, 1, "10:00").toISOString();
    replies = [
      () => streamedCall("boka_mote", { tid: free, namn: "Anna Berg", epost: "anna@example.se" }),
      () => streamedText(["Tryck på Boka."]),
    ];
    const body = await (await ask("Jag tar tisdag tio")).text();
    const ui = JSON.parse(/^event: ui\ndata: (.*)$/m.exec(body)?.[1] ?? "null");
    expect(ui).toEqual({
      type: "booking",
      slot: { start: free, label: swedishLabel(free) },
      meeting: "video",
      lead: { name: "Anna Berg", email: "anna@example.se", phone: "", company: "" },
    });
    // Nothing is booked or kept until the visitor presses "Boka".
    expect((await store.listMessages()).total).toBe(0);

    start();
    const invented = workday(opening, 1, "03:17").toISOString();
    replies = [() => streamedCall("boka_mote", { tid: invented }), () => streamedText(["Den tiden finns inte."])];
    const refused = await (await ask("Boka 03:17")).text();
    expect(refused).not.toContain("event: ui");
    expect(requests[1].body.messages.at(-1).content).toBe(forms.booking.voice.results.unknownTime);
  });

  it("answers a plain (non-streamed) tool call with JSON that carries the UI", async () => {
    start();
    replies = [
      () =>
        json(
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "c9", type: "function", function: { name: "spara_kontaktuppgifter", arguments: '{"namn":"Bo"}' } },
            ],
          },
          80,
        ),
      () => json({ role: "assistant", content: "Fyll i formuläret." }, 40),
    ];
    const res = await ask("hör av er till mig");
    expect(await res.json()).toEqual({
      choices: [{ message: { role: "assistant", content: "Fyll i formuläret." } }],
      ui: [{ type: "lead-form", lead: { name: "Bo", email: "", phone: "", company: "" } }],
    });
    expect(requests[1].body.messages.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "c9",
      content: forms.emma.results.leadForm,
    });
    await expect.poll(logged).toMatch(/status=200 tokens=120 latency=\d+ms tools=1$/);
  });

  it("asks again without tools when the provider refuses them, and answers as before", async () => {
    start();
    replies = [
      () => new Response('{"error":{"message":"tools not supported"}}', { status: 400 }),
      () => new Response('{"error":{"message":"tools not supported"}}', { status: 400 }),
      () => streamedText(["Vi finns i Stockholm."]),
    ];
    const body = await (await ask("Var finns ni?")).text();
    expect(body).toContain("Vi finns i Stockholm.");
    expect(requests.map((r) => ["tools" in r.body, "stream_options" in r.body])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
  });
});

describe("an English question to the site's AI", () => {
  it("asks for English with the site's facts for it: the Swedish passages the question's words find", async () => {
    const requests = [];
    const app = createApp({
      root: "/nonexistent",
      inboxDir: await tempDir(),
      forms,
      inbox: { quiet: true },
      assistant: {
        env: { AI_API_KEY: KEY, AI_BASE_URL: "http://provider.test/v1" },
        knowledge,
        log: () => {},
        fetch: async (_url, init) => {
          requests.push(JSON.parse(init.body));
          return streamedText(["It is free of charge."]);
        },
      },
      now,
    });
    const res = await app.request("/api/assistant", {
      method: "POST",
      headers: { "content-type": "application/json", ...sameSite },
      body: JSON.stringify({ message: "How much does the free meeting cost, and how long is it?", history: [] }),
    });
    expect(await res.text()).toContain("It is free of charge.");
    const [persona, reference] = requests[0].messages;
    expect(persona.content).toContain(
      "Skriver kunden på engelska, svara på engelska med samma fakta från webbplatsen.",
    );
    // Found by the English words (not one of the overview passages every question gets).
    expect(reference.content).toMatch(/^\[\d\] .*\(\/kom-igang\)$/m);
  });
});
