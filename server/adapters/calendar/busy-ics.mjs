// Busy times from iCalendar text: every occurrence in a window, recurring events with their exceptions.
import ICAL from "ical.js";
import { DateTime } from "luxon";

/** @typedef {{ start: number, end: number }} Interval */

/** Occurrences of one recurring event expanded at most (a daily rule over years is bounded). */
const MAX_OCCURRENCES = 2000;

const isIanaZone = (/** @type {string} */ name) => DateTime.local().setZone(name).isValid;

/** UTC and zones the text defines as they say; a floating time, a date, or a TZID the text does not define (an IANA
 * name) on that zone's wall clock. @param {ICAL.Time} time @param {string} zone the team's, for floating times and dates */
function epoch(time, zone) {
  const tz = time.zone;
  const defined = tz && tz !== ICAL.Timezone.localTimezone && (tz === ICAL.Timezone.utcTimezone || tz.component);
  if (defined && !time.isDate) return time.toUnixTime() * 1000;
  const named = time.timezone && isIanaZone(time.timezone) ? time.timezone : zone;
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour };
  return DateTime.fromObject(
    { ...wall, minute: time.isDate ? 0 : time.minute, second: time.isDate ? 0 : time.second },
    { zone: named },
  ).toMillis();
}

/** Whether an event keeps its time busy: not cancelled, not marked free (TRANSP:TRANSPARENT). */
function blocks(/** @type {ICAL.Component} */ vevent) {
  const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transp = String(vevent.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status !== "CANCELLED" && transp !== "TRANSPARENT";
}

/** Text that does not parse throws, for the caller to decide (the adapter logs it). @returns {Interval[]}
 * @param {string | string[]} texts one calendar, or several (CalDAV's: one per event) @param {{ from: number, to: number, zone?: string }} window epoch ms */
export function busyFromIcs(texts, { from, to, zone = "Europe/Stockholm" }) {
  /** @type {Interval[]} */
  const busy = [];
  for (const text of Array.isArray(texts) ? texts : [texts]) {
    const root = new ICAL.Component(ICAL.parse(text));
    const calendars = root.name === "vcalendar" ? [root] : root.getAllSubcomponents("vcalendar");
    for (const calendar of calendars) {
      for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
        const tz = new ICAL.Timezone(vtimezone);
        if (tz.tzid && !ICAL.TimezoneService.has(tz.tzid)) ICAL.TimezoneService.register(tz);
      }
      const vevents = calendar.getAllSubcomponents("vevent");
      /** @type {Map<string, ICAL.Component[]>} */
      const exceptions = new Map();
      for (const v of vevents) {
        if (!v.hasProperty("recurrence-id")) continue;
        const uid = String(v.getFirstPropertyValue("uid"));
        exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
      }
      for (const v of vevents) {
        if (v.hasProperty("recurrence-id") || !v.hasProperty("dtstart")) continue;
        const event = new ICAL.Event(v, { exceptions: exceptions.get(String(v.getFirstPropertyValue("uid"))) ?? [] });
        if (!event.isRecurring()) {
          if (!blocks(v)) continue;
          add(busy, epoch(event.startDate, zone), epoch(event.endDate ?? event.startDate, zone), {
            from,
            to,
            zone,
            isDate: event.startDate.isDate,
          });
          continue;
        }
        const it = event.iterator();
        for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
          if (epoch(next, zone) >= to) break;
          const details = event.getOccurrenceDetails(next);
          const start = epoch(details.startDate, zone);
          if (!blocks(details.item.component)) continue;
          add(busy, start, epoch(details.endDate, zone), { from, to, zone, isDate: details.startDate.isDate });
        }
        // An exception moved into the window from a day the rule never reaches here.
        for (const ex of exceptions.get(String(v.getFirstPropertyValue("uid"))) ?? []) {
          const e = new ICAL.Event(ex);
          if (!blocks(ex)) continue;
          const start = epoch(e.startDate, zone);
          if (!busy.some((b) => b.start === start))
            add(busy, start, epoch(e.endDate ?? e.startDate, zone), { from, to, zone, isDate: e.startDate.isDate });
        }
      }
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}

/** Adds an occurrence that overlaps the window; a date without an end is its whole local day.
 * @param {Interval[]} busy @param {number} start @param {number} end @param {{ from: number, to: number, zone: string, isDate: boolean }} context */
function add(busy, start, end, { from, to, zone, isDate }) {
  let stop = end;
  if (stop <= start && isDate) stop = DateTime.fromMillis(start, { zone }).plus({ days: 1 }).toMillis();
  if (stop > from && start < to && stop > start) busy.push({ start, end: stop });
}
