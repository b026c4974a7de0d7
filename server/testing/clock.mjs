// Dates for tests, built from the process's clock when a suite starts (issue 49): never a
// calendar date that will pass, so a suite passes on any day and under `faketime`.
import { DateTime } from "luxon";
import { meetingHours } from "#common/meeting-hours.mjs";
import { holidayCheck } from "../booking/rules/slots.mjs";

const ZONE = meetingHours.zone;
const isHoliday = holidayCheck(meetingHours);

/** The process's now, to the minute: a suite's frozen "now" is built from it once. */
export const startOfSuite = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);

const local = (/** @type {Date} */ at) => DateTime.fromJSDate(at, { zone: ZONE });

/** The local day `days` after `from`'s (Stockholm), at the wall time `time` ("09:00").
 * @param {Date} from @param {number} days @param {string} time */
export function stockholm(from, days, time) {
  const [hour, minute] = time.split(":").map(Number);
  const day = local(from).startOf("day").plus({ days });
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute },
    { zone: ZONE },
  ).toJSDate();
}

/** Whether the local day of `at` has meeting hours: a weekday with hours that is no holiday. */
export function isWorkday(/** @type {Date} */ at) {
  const day = local(at);
  return Boolean(meetingHours.weekdays[/** @type {1} */ (day.weekday)]?.length) && !isHoliday(String(day.toISODate()));
}

/** The `n`-th working day after `from`'s local day at `time` in Stockholm (0: `from`'s own day if
 * it is one, else the next). @param {Date} from @param {number} n @param {string} [time] */
export function workday(from, n, time = "09:00") {
  let days = 0;
  let left = n;
  if (n === 0) {
    while (!isWorkday(stockholm(from, days, "12:00"))) days++;
    return stockholm(from, days, time);
  }
  while (left > 0) {
    days++;
    if (isWorkday(stockholm(from, days, "12:00"))) left--;
  }
  return stockholm(from, days, time);
}

/** The first day after `from`'s with ISO weekday `weekday` (6: Saturday), at `time` in Stockholm. */
export function nextWeekday(/** @type {Date} */ from, /** @type {number} */ weekday, time = "09:00") {
  let days = 1;
  while (local(stockholm(from, days, "12:00")).weekday !== weekday) days++;
  return stockholm(from, days, time);
}

/** "torsdag 26 november kl. 13:00", as a Swede reads a meeting's time in Stockholm. */
export const swedishLabel = (/** @type {Date | string} */ at) =>
  local(new Date(at)).setLocale("sv").toFormat("cccc d LLLL 'kl.' HH:mm");

/** "2026-11-27": the local date of `at` in Stockholm, as a CSV or a day's key writes it. */
export const stockholmDate = (/** @type {Date | string} */ at) => String(local(new Date(at)).toISODate());

/** `at` plus `ms` milliseconds. */
export const plus = (/** @type {Date | string} */ at, /** @type {number} */ ms) =>
  new Date(new Date(at).getTime() + ms);

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
