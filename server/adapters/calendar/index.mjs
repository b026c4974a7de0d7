// The sales team's calendar (issue 45): busy times from a CalDAV calendar (tsdav, the only
// importer of it) and/or a published ICS feed, cached briefly; with CalDAV, each booking written
// as an event and removed when cancelled. Returns typed results and never throws to a visitor.
import {
  createCalendarObject,
  deleteCalendarObject,
  fetchCalendarObjects,
  getBasicAuthHeaders,
  updateCalendarObject,
} from "tsdav";
import { busyFromIcs } from "../../lib/booking/busy-ics.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";

/** How long one request to the calendar may take. */
export const CALENDAR_TIMEOUT_MS = 10_000;
const PAD_MS = 86_400_000;
/** Default seconds a calendar's busy times are reused (BOOKING_CACHE_SECONDS). */
export const DEFAULT_CACHE_SECONDS = 60;

/**
 * @typedef {{ start: number, end: number }} Interval
 * @typedef {{ url: string, user?: string, password?: string }} CaldavConfig
 */

const reason = (error) => safeForLog(String(error?.code ?? error?.name ?? error?.message ?? error), 80);
const withSlash = (url) => (url.endsWith("/") ? url : `${url}/`);

/**
 * The calendar the environment configures, or null without one.
 * @param {{ caldav?: CaldavConfig | null, icsUrl?: string | null, cacheSeconds?: number, zone?: string,
 *   log?: (line: string) => void, now?: () => number, timeoutMs?: number }} options
 */
export function createCalendar({
  caldav = null,
  icsUrl = null,
  cacheSeconds = DEFAULT_CACHE_SECONDS,
  zone = "Europe/Stockholm",
  log = console.log,
  now = () => Date.now(),
  timeoutMs = CALENDAR_TIMEOUT_MS,
}) {
  if (!caldav?.url && !icsUrl) return null;
  const calendar = caldav?.url ? { url: withSlash(caldav.url) } : null;
  const headers = caldav?.user ? getBasicAuthHeaders({ username: caldav.user, password: caldav.password ?? "" }) : {};
  const fetchOptions = () => ({ signal: AbortSignal.timeout(timeoutMs) });
  /** @type {{ at: number, from: number, to: number, busy: Interval[] } | null} */
  let cache = null;
  /** @type {Promise<Interval[]> | null} */
  let loading = null;
  let failing = false;
  let answered = false;

  async function caldavTexts(from, to) {
    if (!calendar) return [];
    const objects = await fetchCalendarObjects({
      calendar: /** @type {any} */ (calendar),
      headers,
      timeRange: { start: new Date(from).toISOString(), end: new Date(to).toISOString() },
      fetchOptions: fetchOptions(),
    });
    return objects.map((o) => o.data).filter((d) => typeof d === "string" && d.includes("BEGIN:VCALENDAR"));
  }

  async function feedText() {
    if (!icsUrl) return [];
    const response = await fetch(icsUrl, { ...fetchOptions(), headers: { accept: "text/calendar" } });
    if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { code: `HTTP ${response.status}` });
    return [await response.text()];
  }

  async function load(from, to) {
    const texts = (await Promise.all([caldavTexts(from, to), feedText()])).flat();
    const busy = busyFromIcs(texts, { from, to, zone });
    cache = { at: now(), from, to, busy };
    answered = true;
    if (failing) log("calendar: the team's calendar answers again");
    failing = false;
    return busy;
  }

  const eventUrl = (id) => `${calendar?.url}${encodeURIComponent(id)}.ics`;

  return {
    /** Whether bookings are written into the calendar (CalDAV). */
    writable: Boolean(calendar),
    /** Whether it has answered since the start: from then on its last answer stands in for it. */
    hasAnswered: () => answered,
    /**
     * Busy intervals between `from` and `to` (epoch ms), from a cache younger than cacheSeconds
     * that covers them. A calendar that cannot be read gives the last busy times it gave, or an
     * error when it never answered (then no time is offered: nothing is booked over a meeting).
     * @param {{ from: number, to: number }} window
     * @returns {Promise<Interval[]>}
     */
    async busy({ from, to }) {
      if (cache && now() - cache.at < cacheSeconds * 1000 && cache.from <= from && cache.to >= to) return cache.busy;
      // Read a day wider on both sides, so the next requests' windows (moved by seconds) are covered.
      loading ??= load(from - PAD_MS, to + PAD_MS).finally(() => {
        loading = null;
      });
      try {
        return await loading;
      } catch (error) {
        if (!failing) log(`calendar: cannot read the team's calendar (${reason(error)}); using what it said last`);
        failing = true;
        if (cache) return cache.busy;
        throw error;
      }
    },

    /**
     * Writes (or rewrites) a booking's event. `ics` must carry no METHOD (a stored object) and no
     * attendee, so the server sends no invitation of its own.
     * @param {string} id
     * @param {string} ics
     * @returns {Promise<{ ok: true } | { ok: false, reason: string }>}
     */
    async put(id, ics) {
      if (!calendar) return { ok: true };
      try {
        const created = await createCalendarObject({
          calendar: /** @type {any} */ (calendar),
          filename: `${encodeURIComponent(id)}.ics`,
          iCalString: ics,
          headers,
          fetchOptions: fetchOptions(),
        });
        if (created.ok) return ((cache = null), { ok: true });
        if (created.status !== 412) return { ok: false, reason: `HTTP ${created.status}` };
        const updated = await updateCalendarObject({
          calendarObject: { url: eventUrl(id), data: ics },
          headers,
          fetchOptions: fetchOptions(),
        });
        cache = null;
        return updated.ok ? { ok: true } : { ok: false, reason: `HTTP ${updated.status}` };
      } catch (error) {
        return { ok: false, reason: reason(error) };
      }
    },

    /**
     * Removes a booking's event; one already gone counts as removed.
     * @param {string} id
     * @returns {Promise<{ ok: true } | { ok: false, reason: string }>}
     */
    async remove(id) {
      if (!calendar) return { ok: true };
      try {
        const response = await deleteCalendarObject({
          calendarObject: { url: eventUrl(id), etag: undefined },
          headers,
          fetchOptions: fetchOptions(),
        });
        cache = null;
        return response.ok || response.status === 404 ? { ok: true } : { ok: false, reason: `HTTP ${response.status}` };
      } catch (error) {
        return { ok: false, reason: reason(error) };
      }
    },
  };
}
