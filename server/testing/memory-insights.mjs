import { countersOf, lastDays, summarize } from "../lib/insights-summary.mjs";

/** The store's insights (server/adapters/store/insights.mjs) in memory, for tests. */
export function createMemoryInsights({ maxQuestions = Infinity } = {}) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  /** @type {{ key: string, text: string, source: string, at: Date }[]} */
  const questions = [];
  return {
    /** @param {{ event: string, page: string, outcome?: string, source?: string, question?: string, key?: string, day: string, at: Date }} report */
    async record(report) {
      for (const counter of countersOf(report)) {
        const id = JSON.stringify([report.day, report.page, counter]);
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      if (report.question && report.key) {
        questions.push({ key: report.key, text: report.question, source: report.source ?? "chat", at: report.at });
        if (questions.length > maxQuestions) questions.splice(0, questions.length - maxQuestions);
      }
    },
    /** Deletes every kept question; returns how many. */
    async clearQuestions() {
      return questions.splice(0).length;
    },
    /** @param {{ today: string, days: number }} options */
    async summary({ today, days }) {
      const range = lastDays(today, days);
      const rows = [...counts].map(([id, n]) => {
        const [day, page, counter] = JSON.parse(id);
        return { day, page, counter, n };
      });
      const since = Date.parse(`${range[0]}T00:00:00Z`) - 86_400_000;
      const groups = new Map();
      for (const q of questions) {
        if (q.at.getTime() < since) continue;
        const g = groups.get(q.key) ?? { key: q.key, text: q.text, count: 0, lastAsked: q.at, sources: [] };
        g.count += 1;
        if (q.at >= g.lastAsked) Object.assign(g, { lastAsked: q.at, text: q.text });
        if (!g.sources.includes(q.source)) g.sources.push(q.source);
        groups.set(q.key, g);
      }
      const unanswered = [...groups.values()]
        .sort((a, b) => b.count - a.count || b.lastAsked - a.lastAsked)
        .map((g) => ({ ...g, sources: g.sources.sort(), lastAsked: g.lastAsked.toISOString() }));
      return { ...summarize(rows, range), unanswered };
    },
    /** Deletes the questions asked before `date`, and counts of days before it; returns how many questions. */
    async deleteOlderThan(date) {
      const before = questions.length;
      for (let i = questions.length - 1; i >= 0; i--) if (questions[i].at < date) questions.splice(i, 1);
      const day = date.toISOString().slice(0, 10);
      for (const id of counts.keys()) if (JSON.parse(id)[0] < day) counts.delete(id);
      return before - questions.length;
    },
  };
}
