// What visitors ask: the daily summary, each unanswered question linked to its conversation (decision 040).
import { INSIGHT_DAYS } from "#common/visitor-questions.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";
import { stockholmDay } from "../insights/report.mjs";
import { unavailable } from "./context.mjs";

/** Unanswered questions looked up in the kept conversations at most (the first of the list). */
const MAX_LOOKUPS = 50;

/** The longest stretch between the marks that replaced personal data (`[telefon]`), or null when too little is left. */
export function searchableSnippet(text) {
  const parts = String(text)
    .split(/\[[^\]]{1,40}\]/)
    .map((s) => s.trim());
  const longest = parts.sort((a, b) => b.length - a.length)[0] ?? "";
  return longest.length >= 8 ? longest.slice(0, 200) : null;
}

/** By each question's group key, the newest lead that kept the conversation it was asked in.
 * @param {{ listMessages: Function }} store @param {{ key: string, text: string }[]} unanswered */
export async function conversationLinks(store, unanswered) {
  const links = new Map();
  for (const q of unanswered.slice(0, MAX_LOOKUPS)) {
    const snippet = searchableSnippet(q.text);
    if (!snippet) continue;
    // A takeover's lead (kind "conversation", decision 074) keeps the chat too.
    const found = await Promise.all(
      ["lead", "conversation"].map(
        async (kind) => (await store.listMessages({ text: snippet, kind, limit: 1 })).items[0],
      ),
    );
    const newest = found.filter(Boolean).sort((x, y) => String(y.receivedAt).localeCompare(String(x.receivedAt)))[0];
    if (newest) links.set(q.key, newest.id);
  }
  return links;
}

/** @param {import("hono").Hono} app @param {import("./context.mjs").AdminContext} context */
export function mountInsights(app, context) {
  const { log, now, store } = context;
  const { insights } = context.options;

  app.get("/api/admin/insights", async (c) => {
    if (!insights) return unavailable(c);
    try {
      const summary = await insights.summary({ today: stockholmDay(now()), days: INSIGHT_DAYS });
      const links = store ? await conversationLinks(store, summary.unanswered) : new Map();
      return c.json({
        ...summary,
        unanswered: summary.unanswered.map((q) => ({ ...q, conversationId: links.get(q.key) ?? null })),
      });
    } catch (error) {
      log(`admin: the insights failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
  });

  app.delete("/api/admin/insights/questions", async (c) => {
    if (!insights) return unavailable(c);
    try {
      const cleared = await insights.clearQuestions();
      log(`admin: cleared ${cleared} visitor question(s)`);
      return c.json({ cleared });
    } catch (error) {
      log(`admin: the insights failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
  });
}
