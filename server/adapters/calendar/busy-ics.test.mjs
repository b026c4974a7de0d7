import { describe, expect, it } from "vitest";
import { busyFromIcs } from "./busy-ics.mjs";

const iso = (ms) => new Date(ms).toISOString();
const window = { from: Date.parse("2026-03-01T00:00:00Z"), to: Date.parse("2026-04-15T00:00:00Z") };

// As Outlook's "publish calendar" writes a feed: a VTIMEZONE of its own, CRLF line ends.
const FEED = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
  "BEGIN:VTIMEZONE",
  "TZID:W. Europe Standard Time",
  "BEGIN:STANDARD",
  "DTSTART:16011028T030000",
  "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:16010325T020000",
  "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
  // Every Tuesday 10:00–11:00 local from 3 March, but not on 17 March, and on 24 March at 13:00.
  "BEGIN:VEVENT",
  "UID:weekly-sales-meeting",
  "DTSTAMP:20260201T000000Z",
  "DTSTART;TZID=W. Europe Standard Time:20260303T100000",
  "DTEND;TZID=W. Europe Standard Time:20260303T110000",
  "RRULE:FREQ=WEEKLY;BYDAY=TU",
  "EXDATE;TZID=W. Europe Standard Time:20260317T100000",
  "SUMMARY:Säljmöte",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:weekly-sales-meeting",
  "DTSTAMP:20260201T000000Z",
  "RECURRENCE-ID;TZID=W. Europe Standard Time:20260324T100000",
  "DTSTART;TZID=W. Europe Standard Time:20260324T130000",
  "DTEND;TZID=W. Europe Standard Time:20260324T140000",
  "SUMMARY:Säljmöte (flyttat)",
  "END:VEVENT",
  // A whole day away (Friday 27 March), a date without a time.
  "BEGIN:VEVENT",
  "UID:conference-day",
  "DTSTAMP:20260201T000000Z",
  "DTSTART;VALUE=DATE:20260327",
  "DTEND;VALUE=DATE:20260328",
  "SUMMARY:Konferens",
  "END:VEVENT",
  // Marked free, and a cancelled one: neither blocks.
  "BEGIN:VEVENT",
  "UID:free-lunch",
  "DTSTAMP:20260201T000000Z",
  "DTSTART:20260305T110000Z",
  "DTEND:20260305T120000Z",
  "TRANSP:TRANSPARENT",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:called-off",
  "DTSTAMP:20260201T000000Z",
  "DTSTART:20260306T090000Z",
  "DTEND:20260306T100000Z",
  "STATUS:CANCELLED",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

describe("busy times from iCalendar text", () => {
  const busy = busyFromIcs(FEED, window);
  const weekly = busy.filter((b) => b.end - b.start === 3_600_000).map((b) => iso(b.start));

  it("expands a weekly event on local time, across summer time's start", () => {
    // 10:00 CET is 09:00Z until 29 March, 10:00 CEST is 08:00Z after it.
    expect(weekly).toEqual([
      "2026-03-03T09:00:00.000Z",
      "2026-03-10T09:00:00.000Z",
      // 17 March is an exception date (EXDATE): no meeting.
      "2026-03-24T12:00:00.000Z", // moved to 13:00 CET by its RECURRENCE-ID
      "2026-03-31T08:00:00.000Z",
      "2026-04-07T08:00:00.000Z",
      "2026-04-14T08:00:00.000Z",
    ]);
  });

  it("takes an all-day event as its whole local day", () => {
    const day = busy.find((b) => b.end - b.start === 24 * 3_600_000);
    expect(day && [iso(day.start), iso(day.end)]).toEqual(["2026-03-26T23:00:00.000Z", "2026-03-27T23:00:00.000Z"]);
  });

  it("leaves free and cancelled events out, and everything outside the window", () => {
    expect(busy).toHaveLength(7);
    expect(busy.some((b) => iso(b.start).startsWith("2026-03-05"))).toBe(false);
    expect(busy.some((b) => iso(b.start).startsWith("2026-03-06"))).toBe(false);
    const narrow = busyFromIcs(FEED, {
      from: Date.parse("2026-03-09T00:00:00Z"),
      to: Date.parse("2026-03-12T00:00:00Z"),
    });
    expect(narrow.map((b) => iso(b.start))).toEqual(["2026-03-10T09:00:00.000Z"]);
  });

  it("reads floating times and IANA zones on the team's clock, and several calendars at once", () => {
    const one = (lines) =>
      ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:x", ...lines, "END:VEVENT", "END:VCALENDAR"].join("\r\n");
    const list = busyFromIcs(
      [
        one(["DTSTART:20260601T090000", "DTEND:20260601T093000"]),
        one(["DTSTART;TZID=Europe/Stockholm:20260602T090000", "DURATION:PT45M"]),
      ],
      { from: Date.parse("2026-06-01T00:00:00Z"), to: Date.parse("2026-06-03T00:00:00Z") },
    );
    expect(list.map((b) => [iso(b.start), (b.end - b.start) / 60_000])).toEqual([
      ["2026-06-01T07:00:00.000Z", 30],
      ["2026-06-02T07:00:00.000Z", 45],
    ]);
  });
});
