// A meeting's time as Swedes write and say it, in the team's time zone.
import { DateTime } from "luxon";

const local = (/** @type {number | Date | string} */ at, /** @type {string} */ zone) =>
  DateTime.fromMillis(new Date(at).getTime(), { zone }).setLocale("sv");

/** "torsdag 3 december kl. 10:00" */
export function swedishWhen(/** @type {number | Date | string} */ at, zone = "Europe/Stockholm") {
  return local(at, zone).toFormat("cccc d LLLL 'kl.' HH:mm");
}

/** "torsdag 3 december" */
export function swedishDay(/** @type {number | Date | string} */ at, zone = "Europe/Stockholm") {
  return local(at, zone).toFormat("cccc d LLLL");
}

/** "tors 3 dec.": a day on a small button */
export function swedishShortDay(/** @type {number | Date | string} */ at, zone = "Europe/Stockholm") {
  return local(at, zone).toFormat("ccc d LLL");
}

/** "kl. 10:00": a time under its day */
export function swedishTime(/** @type {number | Date | string} */ at, zone = "Europe/Stockholm") {
  return local(at, zone).toFormat("'kl.' HH:mm");
}

/** "2026-12-03": the local date, for grouping by day. */
export function localDate(/** @type {number | Date | string} */ at, zone = "Europe/Stockholm") {
  return /** @type {string} */ (local(at, zone).toISODate());
}

export function startOfLocalDay(/** @type {number | Date | string} */ at, zone = "Europe/Stockholm") {
  return local(at, zone).startOf("day").toJSDate();
}

/** For a voice: "torsdag den 3 december klockan halv elva" (10:30), "kvart över tio", "kvart i elva", "klockan tio";
 * other minutes as "klockan 10 och 20". */
export function spokenWhen(/** @type {number | Date | string} */ at, zone = "Europe/Stockholm") {
  const t = local(at, zone);
  const hour = (/** @type {number} */ h) => ((h + 23) % 24) + 1;
  const numbers = ["", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva", "tolv"];
  const say = (/** @type {number} */ h) => numbers[((h - 1) % 12) + 1];
  const time =
    t.minute === 0
      ? `klockan ${say(hour(t.hour))}`
      : t.minute === 30
        ? `klockan halv ${say(hour(t.hour + 1))}`
        : t.minute === 15
          ? `kvart över ${say(hour(t.hour))}`
          : t.minute === 45
            ? `kvart i ${say(hour(t.hour + 1))}`
            : `klockan ${t.hour} och ${t.minute}`;
  return `${t.toFormat("cccc 'den' d LLLL")} ${time}`;
}
