// Every slot is built from its own wall-clock time and converted on its own, so a summer-time change
// never shifts the hours (decision 047).
import Holidays from "date-holidays";
import { DateTime } from "luxon";

/** @typedef {import("#common/meeting-hours.mjs").MeetingHours} MeetingHours */
/** @typedef {{ start: number, end: number }} Interval epoch milliseconds, end exclusive */

const MINUTE = 60_000;

/** Whether a local date ("2026-06-19") is a day off. @param {Pick<MeetingHours, "holidayCountry" | "holidayTypes">} hours */
export function holidayCheck({ holidayCountry, holidayTypes }) {
  const calendar = new Holidays(holidayCountry);
  /** @type {Map<number, Set<string>>} */
  const byYear = new Map();
  return (/** @type {string} */ isoDate) => {
    const year = Number(isoDate.slice(0, 4));
    let days = byYear.get(year);
    if (!days) {
      const list = calendar.getHolidays(year) || [];
      days = new Set(list.filter((h) => holidayTypes.includes(h.type)).map((h) => h.date.slice(0, 10)));
      byYear.set(year, days);
    }
    return days.has(isoDate);
  };
}

const clock = (/** @type {string} */ text) => {
  const [h, m] = text.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Each `durationMinutes + bufferMinutes` from a range's start, so two slots never sit within a buffer; lazily, so a
 * caller that needs three stops there. @param {MeetingHours} hours
 * @param {{ now: Date, isHoliday?: (isoDate: string) => boolean }} context @returns {Generator<Interval>} */
export function* slotsFrom(hours, { now, isHoliday = holidayCheck(hours) }) {
  const step = hours.durationMinutes + hours.bufferMinutes;
  const earliest = now.getTime() + hours.noticeMinutes * MINUTE;
  const today = DateTime.fromJSDate(now, { zone: hours.zone }).startOf("day");
  for (let d = 0; d <= hours.horizonDays; d++) {
    const day = today.plus({ days: d });
    const ranges = hours.weekdays[/** @type {1|2|3|4|5|6|7} */ (day.weekday)];
    if (!ranges?.length || isHoliday(/** @type {string} */ (day.toISODate()))) continue;
    // A day without a change of the clock: one offset for all of it (the common, fast case).
    const steady = day.offset === day.endOf("day").offset;
    for (const [open, close] of ranges) {
      const last = clock(close) - hours.durationMinutes;
      for (let minute = clock(open); minute <= last; minute += step) {
        const wall = { hour: Math.floor(minute / 60), minute: minute % 60 };
        let start;
        if (steady) start = day.toMillis() + minute * MINUTE;
        else {
          const local = DateTime.fromObject(
            { year: day.year, month: day.month, day: day.day, ...wall },
            { zone: hours.zone },
          );
          // A wall time the clock skips (02:30 as summer time begins) does not exist: no slot.
          if (local.hour !== wall.hour || local.minute !== wall.minute) continue;
          start = local.toMillis();
        }
        if (start < earliest) continue;
        yield { start, end: start + hours.durationMinutes * MINUTE };
      }
    }
  }
}

/** @param {MeetingHours} hours @param {{ now: Date, isHoliday?: (isoDate: string) => boolean }} context @returns {Interval[]} */
export const openSlots = (hours, context) => [...slotsFrom(hours, context)];

/** The slots no busy interval touches within the buffer; `after` skips those up to it ("Fler tider").
 * @param {MeetingHours} hours @param {{ now: Date, busy?: Interval[], isHoliday?: (isoDate: string) => boolean, after?: number,
 *   from?: number, to?: number, limit?: number }} context */
export function freeSlots(hours, { now, busy = [], isHoliday, after, from, to, limit = Infinity }) {
  const buffer = hours.bufferMinutes * MINUTE;
  const sorted = [...busy].sort((a, b) => a.start - b.start);
  const free = [];
  let first = 0;
  for (const slot of slotsFrom(hours, { now, isHoliday })) {
    if (after !== undefined && slot.start <= after) continue;
    if (from !== undefined && slot.start < from) continue;
    if (to !== undefined && slot.start >= to) continue;
    const lo = slot.start - buffer;
    const hi = slot.end + buffer;
    // A busy interval over before this slot's buffer is over before every later slot's too.
    while (first < sorted.length && /** @type {Interval} */ (sorted[first]).end <= lo) first++;
    let taken = false;
    for (let i = first; i < sorted.length; i++) {
      const b = /** @type {Interval} */ (sorted[i]);
      if (b.start >= hi) break;
      if (b.end > lo) {
        taken = true;
        break;
      }
    }
    if (taken) continue;
    free.push(slot);
    if (free.length >= limit) break;
  }
  return free;
}

/** @param {MeetingHours} hours @param {number} start epoch ms @param {Parameters<typeof freeSlots>[1]} context */
export function isFreeSlot(hours, start, context) {
  return freeSlots(hours, { ...context, from: start, to: start + 1, limit: 1 }).some((s) => s.start === start);
}
