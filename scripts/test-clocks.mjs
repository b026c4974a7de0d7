// `npm run test:clocks`: the date-sensitive unit suites again, with the whole process's clock moved
// by Debian's faketime to days that break naive code (issue 49, decision 057). CI runs it after
// `npm test`; every clock is computed from today, so none is a date that will pass.
import { spawnSync } from "node:child_process";
import { DateTime } from "luxon";

export const SUITES = [
  "server/booking/",
  "server/adapters/store/meetings.test.mjs",
  "server/adapters/store/retention.test.mjs",
  "server/adapters/store/insights.test.mjs",
  "server/adapters/notify/",
  "server/adapters/calendar/",
  "server/routes/admin/meetings.test.mjs",
  "server/routes/insights/report.test.mjs",
  "app/features/legal/",
];

const ZONE = "Europe/Stockholm";

/** The last Sunday of `month` in `year`, at `hour`:`minute` on Stockholm's clock. */
const lastSunday = (year, month, hour, minute) => {
  const end = DateTime.fromObject({ year, month }, { zone: ZONE }).endOf("month");
  const day = end.minus({ days: end.weekday % 7 });
  return DateTime.fromObject({ year, month, day: day.day, hour, minute }, { zone: ZONE });
};

/** The next instant after `now` that `make(year)` gives, this year or the next. */
const next = (now, make) => {
  const thisYear = make(now.year);
  return thisYear > now ? thisYear : make(now.year + 1);
};

/** The clocks, each a faketime spec: two offsets, and three absolute UTC starts. @param {Date} today */
export function clocks(today = new Date()) {
  const now = DateTime.fromJSDate(today, { zone: ZONE });
  const at = (/** @type {DateTime} */ t) => `@${t.toUTC().toFormat("yyyy-MM-dd HH:mm:ss")}`;
  return [
    { name: "45 days ahead", spec: "+45d" },
    { name: "400 days ahead", spec: "+400d" },
    {
      name: "a year end, 31 Dec 23:50 Stockholm",
      spec: at(
        next(now, (y) => DateTime.fromObject({ year: y, month: 12, day: 31, hour: 23, minute: 50 }, { zone: ZONE })),
      ),
    },
    { name: "the spring change night, 01:30 Stockholm", spec: at(next(now, (y) => lastSunday(y, 3, 1, 30))) },
    // 01:30 summer time plus an hour: 02:30 the first time, before the clock goes back.
    {
      name: "the autumn change night, 02:30 Stockholm",
      spec: at(next(now, (y) => lastSunday(y, 10, 1, 30).plus({ hours: 1 }))),
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (spawnSync("faketime", ["-f", "+0d", "true"]).status !== 0) {
    console.error("test:clocks needs Debian's faketime (apt-get install faketime); .ci/run installs it");
    process.exit(1);
  }
  const failed = [];
  for (const { name, spec } of clocks()) {
    console.log(`\n> the date-sensitive suites at ${name} (faketime -f "${spec}")`);
    const run = spawnSync("faketime", ["-f", spec, "npx", "vitest", "run", ...SUITES], {
      stdio: "inherit",
      env: { ...process.env, TZ: "UTC" },
    });
    if (run.status !== 0) failed.push(name);
  }
  if (failed.length) {
    console.error(`\ntest:clocks: failed at ${failed.join("; ")}`);
    process.exit(1);
  }
  console.log("\ntest:clocks: every date-sensitive suite passed at every clock");
}
