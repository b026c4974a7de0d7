// @vitest-environment node
// The insights in the store's database, on both engines, against the in-memory ones.
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "./index.mjs";
import { createTestDatabase } from "../../testing/postgres.mjs";
import { postJson, tempDir } from "../../testing/helpers.mjs";
import { mountInbox } from "../../routes/inbox.mjs";
import { mountInsightReports } from "../../routes/insights/report.mjs";
import { createMemoryInsights } from "../../testing/memory-insights.mjs";
import { questionKey } from "../../routes/insights/question-key.mjs";
import { createStoreInsights } from "./insights.mjs";
import { startOfSuite, stockholm, stockholmDate } from "../../testing/clock.mjs";

// The suite's frozen now; its day on the team's clock, the day before, and a day long before the
// 30 days summed. Reports are given at UTC times of those days, as the original fixtures were.
const NOW = startOfSuite();
const TODAY = stockholmDate(NOW);
const YESTERDAY = stockholmDate(stockholm(NOW, -1, "12:00"));
const LONG_AGO = stockholmDate(stockholm(NOW, -86, "12:00"));
const at = (iso) => new Date(iso);
const reports = [
  { event: "opened", page: "/", day: YESTERDAY, at: at(`${YESTERDAY}T08:00:00Z`) },
  { event: "question", page: "/", outcome: "site", source: "chat", day: YESTERDAY, at: at(`${YESTERDAY}T08:01:00Z`) },
  {
    event: "question",
    page: "/demo",
    outcome: "ai",
    source: "chat",
    day: TODAY,
    at: at(`${TODAY}T08:00:00Z`),
  },
  ...[
    ["Vad kostar en chattbot?", "chat", `${YESTERDAY}T09:00:00Z`],
    ["chattbot – vad kostar den", "demo", `${TODAY}T09:00:00Z`],
    ["Kan ni baka bullar?", "chat", `${TODAY}T10:00:00Z`],
  ].map(([question, source, time]) => ({
    event: "question",
    page: "/",
    outcome: "none",
    source,
    question,
    key: questionKey(question),
    day: time.slice(0, 10),
    at: at(time),
  })),
  { event: "lead", page: "/", day: TODAY, at: at(`${TODAY}T11:00:00Z`) },
  { event: "opened", page: "/", day: LONG_AGO, at: at(`${LONG_AGO}T11:00:00Z`) },
];

const dropAfter = [];
const closeAfter = [];
afterAll(async () => {
  for (const store of closeAfter) await store.close();
  for (const drop of dropAfter) await drop();
});

const engines = [
  ["sqlite", async (options = {}) => openStore({ dir: await tempDir(), log: () => {}, ...options })],
  [
    "postgres",
    async (options = {}) => {
      const db = await createTestDatabase("t30");
      dropAfter.push(db.drop);
      return openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {}, ...options });
    },
  ],
];

describe.each(engines)("insights in the store on %s", (_engine, open) => {
  it("count, group and delete as the in-memory insights do", async () => {
    const store = await open();
    closeAfter.push(store);
    const insights = createStoreInsights(store);
    const memory = createMemoryInsights();
    for (const r of reports) {
      await insights.record(r);
      await memory.record(r);
    }
    const summary = await insights.summary({ today: TODAY, days: 30 });
    expect(summary).toEqual(await memory.summary({ today: TODAY, days: 30 }));
    expect(summary.days.at(-1)).toEqual({ day: TODAY, opened: 0, asked: 3, site: 0, ai: 1, none: 2, lead: 1 });
    expect(summary.unanswered).toEqual([
      {
        key: questionKey("chattbot kostar"),
        text: "chattbot – vad kostar den",
        count: 2,
        lastAsked: `${TODAY}T09:00:00.000Z`,
        sources: ["chat", "demo"],
      },
      {
        key: "baka bullar",
        text: "Kan ni baka bullar?",
        count: 1,
        lastAsked: `${TODAY}T10:00:00.000Z`,
        sources: ["chat"],
      },
    ]);
    expect(await insights.deleteOlderThan(at(`${TODAY}T00:00:00Z`))).toBe(1);
    const after = await insights.summary({ today: TODAY, days: 30 });
    expect(after.unanswered.map((q) => q.count)).toEqual([1, 1]);
    expect(after.days.find((d) => d.day === YESTERDAY)?.opened).toBe(0);
  });
});

// Issue 43: 499 four-byte letters a report, as many as the limits let through, against a small cap.
describe.each(engines)("a flood of questions on %s", (_engine, open) => {
  it("keeps the questions in their own bounded space: the leads' cap never counts them, a lead is still taken", async () => {
    const store = await open({ maxBytes: 200 * 1024 });
    closeAfter.push(store);
    const insights = createStoreInsights(store, { maxQuestions: 20 });
    const app = new Hono();
    mountInbox(app, { store, dir: "unused", quiet: true });
    const limits = { perClient: { points: 1e6, duration: 60 }, total: { points: 1e6, duration: 60 } };
    let clock = NOW.getTime();
    const now = () => new Date((clock += 1000));
    mountInsightReports(app, { insights, pages: new Set(["/"]), limits, now, log: () => {} });
    const letters = "\u{10400}".repeat(499);
    for (let i = 0; i < 120; i++) {
      const report = { event: "question", page: "/", outcome: "none", question: `fråga ${i} ${letters}` };
      expect((await postJson(app, { path: "/api/insights", body: report })).status).toBe(204);
    }
    const kept = await store.db.selectFrom("unanswered_questions").select("text").orderBy("asked_at").execute();
    expect(kept).toHaveLength(20);
    expect(kept.map((q) => q.text.slice(0, 9))).toEqual(Array.from({ length: 20 }, (_, i) => `fråga ${100 + i}`));
    expect((await postJson(app)).status).toBe(200);
    expect(await insights.clearQuestions()).toBe(20);
    expect((await insights.summary({ today: TODAY, days: 30 })).unanswered).toEqual([]);
    expect((await postJson(app, { address: "192.0.2.2" })).status).toBe(200);
  }, 60_000);
});
