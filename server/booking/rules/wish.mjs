// A wished time in words ("imorgon förmiddag", "nästa vecka") as a window on the team's clock; unknown words give none.
import { DateTime } from "luxon";

const WEEKDAYS = ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"];

/** @param {string} words the wish's words, as app/lib/booking/meeting-intent.ts picks them @param {Date} now
 * @param {string} zone @returns {{ from: number, to: number } | null} */
export function wishWindow(words, now, zone = "Europe/Stockholm") {
  const text = String(words ?? "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  let from = null;
  let days = 1;
  if (/nästa vecka/.test(text)) {
    from = today.startOf("week").plus({ weeks: 1 });
    days = 7;
  } else if (/övermorgon/.test(text)) from = today.plus({ days: 2 });
  else if (/i ?morgon/.test(text)) from = today.plus({ days: 1 });
  else if (/i ?dag/.test(text)) from = today;
  else {
    const index = WEEKDAYS.findIndex((d) => text.includes(d));
    if (index >= 0) from = today.plus({ days: (index + 1 - today.weekday + 7) % 7 });
  }
  const part = /eftermiddag/.test(text) ? "pm" : /förmiddag/.test(text) ? "am" : null;
  if (!from && !part) return null;
  from ??= today;
  if (days > 1) return { from: from.toMillis(), to: from.plus({ days }).toMillis() };
  const start = part === "pm" ? from.set({ hour: 12 }) : from;
  const end = part === "am" ? from.set({ hour: 12 }) : from.plus({ days: 1 });
  return { from: start.toMillis(), to: end.toMillis() };
}
