// @vitest-environment node
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DAY, plus, startOfSuite, stockholm, stockholmDate } from "../../testing/clock.mjs";
import { postJson } from "../../testing/helpers.mjs";
import { QUESTION_RETENTION_DAYS } from "#common/visitor-questions.mjs";
import { createMemoryInsights } from "../../testing/memory-insights.mjs";
import { questionKey } from "./question-key.mjs";
import { MAX_REPORT_BYTES, mountInsightReports, parseReport } from "./report.mjs";

const pages = new Set(["/", "/demo"]);
// The suite's frozen now, and its day on the team's clock (the day reports count under).
const NOW = startOfSuite();
const TODAY = stockholmDate(NOW);

function reportApp(options = {}) {
  const app = new Hono();
  const insights = createMemoryInsights();
  const logs = [];
  mountInsightReports(app, { insights, pages, now: () => NOW, log: (l) => logs.push(l), ...options });
  return { app, insights, logs };
}
const report = (app, body, extra = {}) => postJson(app, { path: "/api/insights", body, ...extra });
const summaryOf = (insights) => insights.summary({ today: TODAY, days: 30 });

describe("parseReport", () => {
  it("takes the three events, known pages and outcomes only", () => {
    expect(parseReport({ event: "opened", page: "/demo" }, pages)).toEqual({ event: "opened", page: "/demo" });
    expect(parseReport({ event: "lead", page: "/?x=anna@example.se" }, pages)).toEqual({
      event: "lead",
      page: "other",
    });
    expect(parseReport({ event: "question", page: "/", outcome: "ai", question: "Hej" }, pages)).toEqual({
      event: "question",
      page: "/",
      outcome: "ai",
      source: "chat",
    });
    expect(parseReport({ event: "visit", page: "/" }, pages)).toHaveProperty("error");
    expect(parseReport({ event: "question", page: "/", outcome: "maybe" }, pages)).toHaveProperty("error");
    expect(parseReport([], pages)).toHaveProperty("error");
  });

  it("keeps the text of an unanswered question only, without personal data", () => {
    const parsed = parseReport(
      {
        event: "question",
        page: "/demo",
        outcome: "none",
        source: "demo",
        question: "Ring mig på 070-123 45 67, anna@example.se",
      },
      pages,
    );
    expect(parsed).toEqual({
      event: "question",
      page: "/demo",
      outcome: "none",
      source: "demo",
      question: "Ring mig på [telefon], [e-post]",
    });
  });
});

describe("questionKey", () => {
  it("groups the same question in other words' order, case and punctuation", () => {
    expect(questionKey("Vad kostar en chattbot?")).toBe(questionKey("chattbot – vad kostar den"));
    expect(questionKey("Vad kostar en chattbot?")).not.toBe(questionKey("Vad kostar en röstagent?"));
    expect(questionKey("Hur?")).toBe("hur");
  });
});

describe("POST /api/insights", () => {
  it("counts per day and page, and keeps unanswered questions grouped, without personal data", async () => {
    const { app, insights } = reportApp();
    expect((await report(app, { event: "opened", page: "/" })).status).toBe(204);
    await report(app, { event: "question", page: "/", outcome: "site" });
    await report(app, { event: "question", page: "/", outcome: "ai" });
    await report(app, {
      event: "question",
      page: "/",
      outcome: "none",
      question: "Vad kostar en chattbot? anna@example.se",
    });
    await report(app, {
      event: "question",
      page: "/demo",
      outcome: "none",
      source: "demo",
      question: "chattbot, vad kostar den",
    });
    await report(app, { event: "lead", page: "/" });
    const summary = await summaryOf(insights);
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)).toEqual({ day: TODAY, opened: 1, asked: 4, site: 1, ai: 1, none: 2, lead: 1 });
    expect(summary.days[0].day).toBe(stockholmDate(stockholm(NOW, -29, "12:00")));
    expect(summary.pages.map((p) => [p.page, p.asked])).toEqual([
      ["/", 3],
      ["/demo", 1],
    ]);
    expect(summary.unanswered).toEqual([
      {
        key: questionKey("chattbot vad kostar"),
        text: "chattbot, vad kostar den",
        count: 2,
        lastAsked: NOW.toISOString(),
        sources: ["chat", "demo"],
      },
    ]);
    expect(JSON.stringify(summary)).not.toMatch(/anna@example/);
  });

  it("refuses cross-site posts, other media types, bad JSON and a body over its bound", async () => {
    const { app, insights } = reportApp();
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    expect((await report(app, { event: "opened", page: "/" }, { headers: crossSite })).status).toBe(403);
    expect(
      (await report(app, { event: "opened", page: "/" }, { headers: { "content-type": "text/plain" } })).status,
    ).toBe(415);
    expect((await report(app, "{no")).status).toBe(400);
    const big = { event: "question", page: "/", outcome: "none", question: "x".repeat(MAX_REPORT_BYTES) };
    expect((await report(app, big)).status).toBe(413);
    expect((await summaryOf(insights)).days.at(-1).opened).toBe(0);
  });

  it("limits each client, and all clients together; the address is never stored", async () => {
    const limits = { perClient: { points: 3, duration: 60 }, total: { points: 5, duration: 3600 } };
    const { app, insights } = reportApp({ limits });
    for (let i = 0; i < 3; i++) expect((await report(app, { event: "opened", page: "/" })).status).toBe(204);
    const limited = await report(app, { event: "opened", page: "/" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await report(app, { event: "opened", page: "/" }, { address: "198.51.100.1" })).status).toBe(204);
    expect((await report(app, { event: "opened", page: "/" }, { address: "198.51.100.2" })).status).toBe(204);
    expect((await report(app, { event: "opened", page: "/" }, { address: "198.51.100.3" })).status).toBe(429);
    const summary = await summaryOf(insights);
    expect(summary.days.at(-1).opened).toBe(5);
    expect(JSON.stringify(summary)).not.toMatch(/192\.0\.2|198\.51/);
  });

  it("answers 503 when the store fails", async () => {
    const failing = { ...createMemoryInsights(), record: async () => Promise.reject(new Error("down")) };
    const { app, logs } = reportApp({ insights: failing });
    expect((await report(app, { event: "opened", page: "/" })).status).toBe(503);
    expect(logs.join()).toMatch(/down/);
  });

  it(`deletes questions after ${QUESTION_RETENTION_DAYS} days, as reports come`, async () => {
    let now = NOW;
    const { app, insights } = reportApp({ now: () => now });
    const today = stockholmDate(plus(NOW, QUESTION_RETENTION_DAYS * DAY));
    await report(app, { event: "question", page: "/", outcome: "none", question: "gammal fråga" });
    now = plus(NOW, QUESTION_RETENTION_DAYS * DAY - 60_000);
    await report(app, { event: "question", page: "/", outcome: "none", question: "ny fråga" });
    const all = await insights.summary({ today, days: 120 });
    expect(all.unanswered.map((q) => q.text).sort()).toEqual(["gammal fråga", "ny fråga"]);
    now = plus(NOW, (QUESTION_RETENTION_DAYS + 1) * DAY);
    await report(app, { event: "opened", page: "/" });
    const later = await insights.summary({ today, days: 120 });
    expect(later.unanswered.map((q) => q.text)).toEqual(["ny fråga"]);
  });
});
