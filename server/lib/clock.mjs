// The process's one wall clock (issue 49, decision 057): every "now" that becomes a date (a
// message's time, a due reminder, a lease, a retention cut-off) comes from the clock passed in.

/** @typedef {() => Date} Clock */

/** The real clock: what `npm start` passes to everything, and each module's default. */
export const systemClock = /** @type {Clock} */ (() => new Date());
