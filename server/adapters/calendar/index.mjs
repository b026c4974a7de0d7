// The sales team's calendar (decision 047): typed results, never a throw that reaches a visitor.
import {
  createCalendarObject,
  deleteCalendarObject,
  fetchCalendarObjects,
  getBasicAuthHeaders,
  updateCalendarObject,
} from "tsdav";
import { busyFromIcs } from "./busy-ics.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";

export const CALENDAR_TIMEOUT_MS = 10_000;
const PAD_MS = 86_400_000;
export const DEFAULT_CACHE_SECONDS = 60;

/** @typedef {{ start: number, end: number }} Interval @typedef {{ url: string, user?: string, password?: string }} CaldavConfig */

const reason = (error) => safeForLog(String(error?.code ?? error?.name ?? error?.message ?? error), 80);
const withSlash = (url) => (url.endsWith("/") ? url : `${url}/`);

/** @param {{ caldav?: CaldavConfig | null, icsUrl?: string | null, cacheSeconds?: number, zone?: string,
 *   log?: (line: string) => void, now?: () => number, timeoutMs?: number }} options */
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
    writable: Boolean(calendar),
    /** Whether it has answered since the start: from then on its last answer stands in for it. */
    hasAnswered: () => answered,
    /** Unreadable, the calendar's last answer stands; one that never answered throws, so no time is offered.
     * @param {{ from: number, to: number }} window epoch ms @returns {Promise<Interval[]>} */
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

    /** `ics` without METHOD and attendee, so the calendar's server sends no invitation of its own (decision 047).
     * @param {string} id @param {string} ics @returns {Promise<{ ok: true } | { ok: false, reason: string }>} */
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

    /** One already gone counts as removed. @param {string} id @returns {Promise<{ ok: true } | { ok: false, reason: string }>} */
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
