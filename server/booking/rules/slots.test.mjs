import { describe, expect, it } from "vitest";
import { meetingHours } from "#common/meeting-hours.mjs";
import { freeSlots, holidayCheck, isFreeSlot, openSlots } from "./slots.mjs";
import { localDate, spokenWhen, swedishWhen } from "./swedish-time.mjs";

const iso = (ms) => new Date(ms).toISOString();
const at = (text) => Date.parse(text);
// Thursday 26 March 2026, 11:00 in Stockholm (winter time, UTC+1).
const NOW = new Date("2026-03-26T10:00:00Z");

const startsOn = (slots, date) => slots.filter((s) => localDate(s.start) === date).map((s) => iso(s.start));
const halfHours = (firstUtc, count) => Array.from({ length: count }, (_, i) => iso(at(firstUtc) + i * 30 * 60_000));

describe("the slot list", () => {
  const slots = openSlots(meetingHours, { now: NOW });

  it("gives 15-minute meetings with 15 minutes' buffer from 09:00 to 16:00, the last starting 15:30", () => {
    expect(startsOn(slots, "2026-03-27")).toEqual(halfHours("2026-03-27T08:00:00Z", 14));
    expect(slots.every((s) => s.end - s.start === 15 * 60_000)).toBe(true);
  });

  it("leaves at least 4 hours' notice: today from 15:00 local, so 15:00 and 15:30 only", () => {
    expect(startsOn(slots, "2026-03-26")).toEqual(["2026-03-26T14:00:00.000Z", "2026-03-26T14:30:00.000Z"]);
  });

  it("keeps weekends out and reaches 14 days ahead, no further", () => {
    expect(startsOn(slots, "2026-03-28")).toEqual([]);
    expect(startsOn(slots, "2026-03-29")).toEqual([]);
    expect(startsOn(slots, "2026-04-09")).toHaveLength(14);
    expect(startsOn(slots, "2026-04-10")).toEqual([]);
    expect(localDate(slots.at(-1).start)).toBe("2026-04-09");
  });

  it("leaves Swedish public holidays out (långfredagen, annandag påsk) from the holidays library", () => {
    expect(startsOn(slots, "2026-04-03")).toEqual([]);
    expect(startsOn(slots, "2026-04-06")).toEqual([]);
    expect(startsOn(slots, "2026-04-02")).toHaveLength(14);
    const isHoliday = holidayCheck(meetingHours);
    expect(["2026-06-19", "2026-12-24", "2026-12-25", "2026-12-31", "2026-01-06"].map(isHoliday)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(isHoliday("2026-12-23")).toBe(false);
  });

  it("is right to the minute across summer time's start on 29 March 2026 (UTC+1 to UTC+2)", () => {
    // Friday before at 09:00 CET is 08:00Z; Monday after at 09:00 CEST is 07:00Z.
    expect(startsOn(slots, "2026-03-27")[0]).toBe("2026-03-27T08:00:00.000Z");
    expect(startsOn(slots, "2026-03-30")).toEqual(halfHours("2026-03-30T07:00:00Z", 14));
    expect(swedishWhen(at("2026-03-30T07:00:00Z"))).toBe("måndag 30 mars kl. 09:00");
    expect(swedishWhen(at("2026-03-27T14:30:00Z"))).toBe("fredag 27 mars kl. 15:30");
  });

  it("is right to the minute across summer time's end on 25 October 2026 (UTC+2 to UTC+1)", () => {
    const october = openSlots(meetingHours, { now: new Date("2026-10-22T10:00:00Z") });
    expect(startsOn(october, "2026-10-23")).toEqual(halfHours("2026-10-23T07:00:00Z", 14));
    expect(startsOn(october, "2026-10-26")).toEqual(halfHours("2026-10-26T08:00:00Z", 14));
    expect(swedishWhen(at("2026-10-26T08:00:00Z"))).toBe("måndag 26 oktober kl. 09:00");
    expect(swedishWhen(at("2026-10-23T07:00:00Z"))).toBe("fredag 23 oktober kl. 09:00");
  });

  it("skips the wall-clock times the clock jumps over, and counts real minutes on the night of the change", () => {
    const night = { ...meetingHours, weekdays: { 7: [["01:00", "04:00"]] }, noticeMinutes: 0 };
    const spring = openSlots(night, { now: new Date("2026-03-28T12:00:00Z") }).filter(
      (s) => localDate(s.start) === "2026-03-29",
    );
    // 01:00 and 01:30 CET, then 03:00, 03:30 CEST: 02:00 and 02:30 do not exist that night.
    expect(spring.map((s) => iso(s.start))).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T01:30:00.000Z",
    ]);
  });
});

describe("free slots", () => {
  const busy = [{ start: at("2026-03-27T09:00:00Z"), end: at("2026-03-27T09:20:00Z") }]; // 10:00–10:20 local

  it("keeps the buffer on both sides of a busy time: 09:30 and 11:00 free, 10:00 and 10:30 not", () => {
    const free = startsOn(freeSlots(meetingHours, { now: NOW, busy }), "2026-03-27");
    expect(free).toContain("2026-03-27T08:30:00.000Z");
    expect(free).not.toContain("2026-03-27T09:00:00.000Z");
    expect(free).not.toContain("2026-03-27T09:30:00.000Z");
    expect(free).toContain("2026-03-27T10:00:00.000Z");
  });

  it("gives the nearest first, a limit, the ones after a given slot, and a window", () => {
    expect(freeSlots(meetingHours, { now: NOW, busy, limit: 3 }).map((s) => iso(s.start))).toEqual([
      "2026-03-26T14:00:00.000Z",
      "2026-03-26T14:30:00.000Z",
      "2026-03-27T08:00:00.000Z",
    ]);
    const after = freeSlots(meetingHours, { now: NOW, busy, after: at("2026-03-27T08:00:00Z"), limit: 2 });
    expect(after.map((s) => iso(s.start))).toEqual(["2026-03-27T08:30:00.000Z", "2026-03-27T10:00:00.000Z"]);
    const window = freeSlots(meetingHours, {
      now: NOW,
      from: at("2026-03-27T11:00:00Z"),
      to: at("2026-03-27T12:00:00Z"),
    });
    expect(window.map((s) => iso(s.start))).toEqual(["2026-03-27T11:00:00.000Z", "2026-03-27T11:30:00.000Z"]);
  });

  it("an all-day busy interval before other busy times still blocks its whole day", () => {
    const allDay = { start: at("2026-03-26T23:00:00Z"), end: at("2026-03-27T23:00:00Z") };
    const early = { start: at("2026-03-26T08:00:00Z"), end: at("2026-03-26T08:15:00Z") };
    const free = freeSlots(meetingHours, { now: NOW, busy: [allDay, early, ...busy] });
    expect(startsOn(free, "2026-03-27")).toEqual([]);
    expect(startsOn(free, "2026-03-30")).toHaveLength(14);
  });

  it("tells whether one start is free now", () => {
    const context = { now: NOW, busy };
    expect(isFreeSlot(meetingHours, at("2026-03-27T08:30:00Z"), context)).toBe(true);
    expect(isFreeSlot(meetingHours, at("2026-03-27T09:00:00Z"), context)).toBe(false);
    expect(isFreeSlot(meetingHours, at("2026-03-27T08:15:00Z"), context)).toBe(false);
    expect(isFreeSlot(meetingHours, at("2026-03-28T08:00:00Z"), context)).toBe(false);
  });
});

describe("a time in Swedish", () => {
  it("is written and said the Swedish way", () => {
    expect(swedishWhen(at("2026-12-03T09:00:00Z"))).toBe("torsdag 3 december kl. 10:00");
    expect(spokenWhen(at("2026-12-03T09:00:00Z"))).toBe("torsdag den 3 december klockan tio");
    expect(spokenWhen(at("2026-12-03T09:30:00Z"))).toBe("torsdag den 3 december klockan halv elva");
    expect(spokenWhen(at("2026-12-03T13:15:00Z"))).toBe("torsdag den 3 december kvart över två");
    expect(spokenWhen(at("2026-06-03T12:45:00Z"))).toBe("onsdag den 3 juni kvart i tre");
  });
});
