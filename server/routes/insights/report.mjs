import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { QUESTION_RETENTION_DAYS } from "#common/visitor-questions.mjs";
import { removePersonalData } from "#common/personal-data.mjs";
import { clientIp, clientKey } from "../../guards/client-ip.mjs";
import { hasMediaType, isSameOrigin, limitBody } from "../../guards/request.mjs";
import { createLimiter, secondsUntil } from "../../guards/limiters.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";
import { questionKey } from "./question-key.mjs";
import { logLine } from "../../lib/logger.mjs";
import { systemClock } from "../../lib/clock.mjs";

/** Largest report body: one question of 500 characters, escaped, and a few short fields. */
export const MAX_REPORT_BYTES = 4096;
export const REPORT_LIMITS = { perClient: { points: 20, duration: 60 }, total: { points: 2000, duration: 3600 } };

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const EVENTS = new Set(["opened", "question", "lead"]);
const OUTCOMES = new Set(["site", "ai", "none"]);
const SOURCES = new Set(["chat", "demo"]);

export function builtPages(root) {
  const dirs = existsSync(root) ? readdirSync(root, { withFileTypes: true }) : [];
  const built = dirs.filter((d) => d.isDirectory() && existsSync(join(root, d.name, "index.html")));
  return new Set(["/", ...built.map((d) => `/${d.name}`).filter((p) => p !== "/404" && p !== "/admin")]);
}

export const stockholmDay = (date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(date);

/** A page not the site's own is "other". @param {unknown} body @param {Set<string>} pages */
export function parseReport(body, pages) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { error: "The body must be an object" };
  const b = /** @type {Record<string, unknown>} */ (body);
  if (typeof b.event !== "string" || !EVENTS.has(b.event)) return { error: "Unknown event" };
  const page = typeof b.page === "string" && pages.has(b.page) ? b.page : "other";
  if (b.event !== "question") return { event: b.event, page };
  if (typeof b.outcome !== "string" || !OUTCOMES.has(b.outcome)) return { error: "Unknown outcome" };
  const source = typeof b.source === "string" && SOURCES.has(b.source) ? b.source : "chat";
  const question = b.outcome === "none" && typeof b.question === "string" ? removePersonalData(b.question) : "";
  return { event: "question", page, outcome: b.outcome, source, ...(question ? { question } : {}) };
}

/** The chat's reports and a call's questions alike: personal data goes before a question is kept.
 * @param {{ event: string, page: string, outcome?: string, source?: string, question?: string }} report @param {Date} at */
export function toRecord(report, at) {
  const question = report.question ? removePersonalData(report.question) : "";
  const kept = question ? { question, key: questionKey(question) } : { question: undefined };
  return { ...report, ...kept, day: stockholmDay(at), at };
}

/** The client's address serves the limits only, never a report. @param {import("hono").Hono} app
 * @param {{ insights: ReturnType<typeof import("../../adapters/store/insights.mjs").createStoreInsights>, pages: Set<string>,
 *   siteOrigin?: string, trustProxy?: boolean, limits?: typeof REPORT_LIMITS, now?: () => Date, log?: (line: string) => void }} options */
export function mountInsightReports(
  app,
  { insights, pages, siteOrigin, trustProxy, limits = REPORT_LIMITS, now = systemClock, log = logLine },
) {
  const perClient = createLimiter({ keyPrefix: "insights-client", ...limits.perClient });
  const total = createLimiter({ keyPrefix: "insights-total", ...limits.total });
  let prunedAt = 0;
  /** Questions past QUESTION_RETENTION_DAYS go, checked at most once an hour as reports come. */
  const prune = async (at) => {
    if (at.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at.getTime();
    await insights.deleteOlderThan(new Date(at.getTime() - QUESTION_RETENTION_DAYS * DAY_MS));
  };

  app.post(
    "/api/insights",
    async (c, next) => {
      if (!isSameOrigin(c, { siteOrigin, trustProxy })) return c.text("Forbidden: not from this site", 403);
      if (!hasMediaType(c, "application/json")) return c.text("The body must be application/json", 415);
      try {
        await perClient.consume(clientKey(clientIp(c, trustProxy === undefined ? undefined : { trustProxy })));
        await total.consume("all");
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        const wait = secondsUntil(rejection);
        return c.text("Too Many Requests", 429, { "Retry-After": String(wait) });
      }
      return next();
    },
    limitBody(MAX_REPORT_BYTES),
    async (c) => {
      let body;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.text("The body must be JSON", 400);
      }
      const report = parseReport(body, pages);
      if ("error" in report) return c.text(report.error, 400);
      const at = now();
      try {
        await prune(at);
        await insights.record(toRecord(report, at));
      } catch (error) {
        log(`insights: could not record a report: ${safeForLog(error?.message ?? error)}`);
        return c.text("Could not record the report", 503);
      }
      return c.body(null, 204);
    },
  );
}
