// The free meeting's wiring: its service, the team's calendar, and the worker's delivery (decision 064).
import { createCalendar } from "../adapters/calendar/index.mjs";
import { createStoreMeetings } from "../adapters/store/meetings.mjs";
import { bookingConfig } from "./config.mjs";
import { createBookingDelivery } from "./delivery.mjs";
import { createBookingService } from "./service.mjs";

/** On unless BOOKING_ENABLED=false, once the build wrote its copy. @param {ReturnType<typeof bookingConfig>} config @param {any} forms */
export const isBookingOn = (config, forms) => config.enabled && Boolean(forms?.booking && forms?.call);

/** Null when booking is off. @param {{ config?: ReturnType<typeof bookingConfig>, calendar?: ReturnType<typeof createCalendar>,
 *   now?: () => Date, forms: any, store: any, notifications?: any }} options */
export function startBooking({ config = bookingConfig(), calendar, now, forms, store, notifications }) {
  if (!isBookingOn(config, forms)) return null;
  const service = createBookingService({
    meetings: createStoreMeetings(store, { now }),
    calendar: calendar === undefined ? calendarOf(config) : calendar,
    config,
    fields: forms.call.fields.filter((/** @type {any} */ f) => f.name !== "message"),
    salesChannels: notifications?.channels ?? [],
    mail: Boolean(notifications?.channels?.includes("email")),
    kick: () => notifications?.kick(),
    now,
    subjects: forms.subjects,
    services: forms.forms?.["get-started"]?.services?.map((/** @type {{ title: string }} */ s) => s.title),
  });
  return Object.assign(service, { config });
}

export const calendarOf = (/** @type {ReturnType<typeof bookingConfig>} */ config) =>
  createCalendar({
    caldav: config.caldav,
    icsUrl: config.icsUrl,
    cacheSeconds: config.cacheSeconds,
    zone: config.hours.zone,
  });

/** The worker's delivery of the `booking:` rows, made once the store and the mailer exist.
 * @param {{ config: ReturnType<typeof bookingConfig>, calendar: ReturnType<typeof createCalendar>, copy: any, now: () => Date }} options
 * @returns {(store: any, mailer: { sendTo: Function, send?: Function, from?: string } | null) => ReturnType<typeof createBookingDelivery>} */
export const bookingDelivery =
  ({ config, calendar, copy, now }) =>
  (store, mailer) =>
    createBookingDelivery({
      meetings: createStoreMeetings(store, { now }),
      mailer,
      calendar,
      copy,
      zone: config.hours.zone,
      location: config.location,
      organizerEmail: mailer?.from ?? copy.salesEmail,
      now,
    });
