// @vitest-environment node
// A published ICS feed (Outlook's "publish calendar") on loopback: read once per cache period,
// its last answer kept while it is away, and no time offered before it ever answered.
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCalendar } from "./index.mjs";

const FEED = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "BEGIN:VEVENT",
  "UID:board",
  "DTSTAMP:20261101T000000Z",
  "DTSTART:20261127T090000Z",
  "DTEND:20261127T100000Z",
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

  const window = { from: Date.parse("2026-11-26T00:00:00Z"), to: Date.parse("2026-12-12T00:00:00Z") };

  it("is read once per cache period and kept while the feed is away, with one log line", async () => {
    let clock = 0;
    const lines = [];
    const calendar = createCalendar({ icsUrl: url, cacheSeconds: 60, now: () => clock, log: (l) => lines.push(l) });
    const busy = [{ start: Date.parse("2026-11-27T09:00:00Z"), end: Date.parse("2026-11-27T10:00:00Z") }];
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
