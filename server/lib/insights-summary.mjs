/** The counters of one day (or one page): what the operator's chart and table show. */
export const COUNTERS = ["opened", "asked", "site", "ai", "none", "lead"];

export function countersOf(report) {
  if (report.event === "opened") return ["opened"];
  if (report.event === "lead") return ["lead"];
  return ["asked", report.outcome];
}

export function lastDays(today, count) {
  const end = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** @param {{ day: string, page: string, counter: string, n: number }[]} rows @param {string[]} days oldest first */
export function summarize(rows, days) {
  const zero = () => Object.fromEntries(COUNTERS.map((k) => [k, 0]));
  const byDay = new Map(days.map((d) => [d, zero()]));
  const byPage = new Map();
  for (const { day, page, counter, n } of rows) {
    const d = byDay.get(day);
    if (!d || !(counter in d)) continue;
    d[counter] += Number(n);
    if (!byPage.has(page)) byPage.set(page, zero());
    byPage.get(page)[counter] += Number(n);
  }
  return {
    days: [...byDay].map(([day, counts]) => ({ day, ...counts })),
    pages: [...byPage]
      .map(([page, counts]) => ({ page, ...counts }))
      .sort((a, b) => b.asked + b.opened - (a.asked + a.opened) || a.page.localeCompare(b.page)),
  };
}
