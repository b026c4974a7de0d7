// @vitest-environment node
// A published ICS feed (Outlook's "publish calendar") on loopback: read once per cache period,
// its last answer kept while it is away, and no time offered before it ever answered.
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCalendar } from "./index.mjs";
import { DAY, HOUR, startOfSuite, workday } from "../../testing/clock.mjs";

// The suite's frozen now; the team's board meeting 10:00–11:00 Stockholm on the next working day.
const opening = startOfSuite();
const board = workday(opening, 1, "10:00");
/** "20261127T090000Z", an instant as iCalendar writes it in UTC. */
const icsUtc = (/** @type {Date} */ d) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

const FEED = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "BEGIN:VEVENT",
  "UID:board",
  `DTSTAMP:${icsUtc(opening)}`,
  `DTSTART:${icsUtc(board)}`,
  `DTEND:${icsUtc(new Date(board.getTime() + HOUR))}`,
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

describe("a published ICS feed", () => {
  let server;
  let url;
  let requests = 0;
  let up = true;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      if (!up) return res.writeHead(503).end();
      res.writeHead(200, { "content-type": "text/calendar" }).end(FEED);
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${server.address().port}/calendar.ics`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const window = { from: opening.getTime(), to: opening.getTime() + 16 * DAY };

  it("is read once per cache period and kept while the feed is away, with one log line", async () => {
    let clock = 0;
    const lines = [];
    const calendar = createCalendar({ icsUrl: url, cacheSeconds: 60, now: () => clock, log: (l) => lines.push(l) });
    const busy = [{ start: board.getTime(), end: board.getTime() + HOUR }];
    expect(await calendar.busy(window)).toEqual(busy);
    clock = 30_000;
    expect(await calendar.busy(window)).toEqual(busy);
    expect(requests).toBe(1);
    up = false;
    clock = 61_000;
    expect(await calendar.busy(window)).toEqual(busy);
    clock = 122_000;
    expect(await calendar.busy(window)).toEqual(busy);
    expect(requests).toBe(3);
    expect(lines).toEqual(["calendar: cannot read the team's calendar (HTTP 503); using what it said last"]);
    up = true;
    clock = 183_000;
    await calendar.busy(window);
    expect(lines.at(-1)).toBe("calendar: the team's calendar answers again");
    expect(calendar.writable).toBe(false);
  });

  it("fails when it never answered, so no time is offered over the team's meetings", async () => {
    up = false;
    const calendar = createCalendar({ icsUrl: url, log: () => {} });
    await expect(calendar.busy(window)).rejects.toThrow();
    up = true;
  });
});
