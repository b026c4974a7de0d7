// Every "now" that becomes a date comes from the clock passed in (decision 057).

/** @typedef {() => Date} Clock */

export const systemClock = /** @type {Clock} */ (() => new Date());
