// When the sales team takes the free 15-minute meeting (issue 45): typed configuration the server
// imports (plain JS, like retention.mjs). Times are Stockholm's wall clock; slots are kept as UTC.

/**
 * @typedef {`${number}${number}:${number}${number}`} ClockTime "09:00"
 * @typedef {{
 *   zone: string,
 *   weekdays: Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, [ClockTime, ClockTime][]>>,
 *   durationMinutes: number,
 *   bufferMinutes: number,
 *   noticeMinutes: number,
 *   horizonDays: number,
 *   holdMinutes: number,
 *   holidayCountry: string,
 *   holidayTypes: string[],
 * }} MeetingHours
 */

/** @type {MeetingHours} */
export const meetingHours = {
  zone: "Europe/Stockholm",
  // ISO weekdays (1 Monday … 7 Sunday): the opening hours meetings may fall in, start to end.
  weekdays: {
    1: [["09:00", "16:00"]],
    2: [["09:00", "16:00"]],
    3: [["09:00", "16:00"]],
    4: [["09:00", "16:00"]],
    5: [["09:00", "16:00"]],
  },
  durationMinutes: 15,
  bufferMinutes: 15,
  noticeMinutes: 4 * 60,
  horizonDays: 14,
  // How long a visitor's choice is held for them while they fill in the form.
  holdMinutes: 10,
  // Public holidays and the eves Swedish offices close (midsommar-, jul- and nyårsafton).
  holidayCountry: "SE",
  holidayTypes: ["public", "bank"],
};
