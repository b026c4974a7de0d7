// The free meeting's settings from the environment (BOOKING_*; docs/configuration.md).
import { meetingHours } from "#common/meeting-hours.mjs";
import { envNumber } from "../lib/env-number.mjs";

export const BOOKING_DEFAULTS = {
  BOOKING_CACHE_SECONDS: 60,
  BOOKING_HOLD_LIMIT: 20,
  BOOKING_OPEN_HOLDS: 3,
  BOOKING_EMAIL_LIMIT: 3,
  BOOKING_UPCOMING_PER_EMAIL: 2,
  // A day's bookings from one address (an IPv6 /64): a sweep from eight takes eight times (decision 061).
  BOOKING_ADDRESS_LIMIT: 1,
  BOOKING_RATE_WINDOW: 3600,
  // A surge: this many bookings within these minutes, more than a small team gets (decision 062).
  BOOKING_SURGE_COUNT: 4,
  BOOKING_SURGE_MINUTES: 60,
};

/** Whether new bookings wait for the team's approval: never, always, or while a surge lasts. */
export const APPROVAL_MODES = /** @type {const} */ (["off", "on", "surge"]);
/** @typedef {(typeof APPROVAL_MODES)[number]} ApprovalMode */

/** @param {unknown} value @returns {ApprovalMode | null} */
export const approvalMode = (value) => {
  const mode = String(value ?? "")
    .trim()
    .toLowerCase();
  return APPROVAL_MODES.find((m) => m === mode) ?? null;
};

/** @param {Record<string, string | undefined>} env */
export function bookingConfig(env = process.env) {
  const number = (/** @type {keyof typeof BOOKING_DEFAULTS} */ name) => envNumber(env, name, BOOKING_DEFAULTS[name]);
  const text = (/** @type {string} */ name) => env[name]?.trim() || null;
  return {
    enabled: !/^(false|0|no|off)$/i.test(env.BOOKING_ENABLED?.trim() ?? ""),
    hours: meetingHours,
    caldav: text("BOOKING_CALDAV_URL")
      ? {
          url: /** @type {string} */ (text("BOOKING_CALDAV_URL")),
          user: text("BOOKING_CALDAV_USER") ?? undefined,
          password: env.BOOKING_CALDAV_PASSWORD ?? undefined,
        }
      : null,
    icsUrl: text("BOOKING_BUSY_ICS_URL"),
    cacheSeconds: number("BOOKING_CACHE_SECONDS"),
    holdLimit: number("BOOKING_HOLD_LIMIT"),
    openHolds: number("BOOKING_OPEN_HOLDS"),
    emailLimit: number("BOOKING_EMAIL_LIMIT"),
    upcomingPerEmail: number("BOOKING_UPCOMING_PER_EMAIL"),
    addressLimit: number("BOOKING_ADDRESS_LIMIT"),
    window: number("BOOKING_RATE_WINDOW"),
    surgeCount: number("BOOKING_SURGE_COUNT"),
    surgeMinutes: number("BOOKING_SURGE_MINUTES"),
    // What the team's choice in /admin falls back to until someone makes one.
    approval: approvalMode(env.BOOKING_APPROVAL) ?? "surge",
    location: text("BOOKING_LOCATION"),
  };
}
