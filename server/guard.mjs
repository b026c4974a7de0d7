import { clientIp } from "./client-ip.mjs";
import { createLimiter } from "./limiters.mjs";

/** Default per-client limit of the inbox and the form posts: a person sends a few, not hundreds. */
export const DEFAULT_RATE_LIMIT = { points: 5, durationSeconds: 600 };

/**
 * Whether a POST comes from the site's own pages (or from no browser at all). Browsers send
 * Origin and Sec-Fetch-Site with every POST, also for the requests that need no CORS preflight
 * (a text/plain form, fetch with no-cors, sendBeacon), so another site cannot post through them.
 * @param {import("hono").Context} c
 * @param {{ siteOrigin?: string, trustProxy?: boolean | number }} [options]
 */
export function isSameOrigin(c, { siteOrigin, trustProxy = Boolean(process.env.TRUST_PROXY) } = {}) {
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
  const origin = c.req.header("origin");
  if (origin === undefined) return fetchSite === "same-origin" || !c.req.header("sec-fetch-mode");
  let host;
  try {
    if (origin === siteOrigin) return true;
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const ownHost = (trustProxy && c.req.header("x-forwarded-host")?.split(",")[0]?.trim()) || c.req.header("host");
  return host === (ownHost ?? new URL(c.req.url).host);
}

/** Whether the body is of the given media type (parameters such as charset allowed). */
export function hasMediaType(c, type) {
  return (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase() === type;
}

/**
 * A per-client limit (server/limiters.mjs): `take(c)` counts one request of the client and
 * returns null, or the seconds to wait when the client is over its limit.
 * @param {{ points?: number, durationSeconds?: number, trustProxy?: boolean | number, keyPrefix?: string, maxKeys?: number }} [options]
 */
export function createRateLimit({
  points = DEFAULT_RATE_LIMIT.points,
  durationSeconds = DEFAULT_RATE_LIMIT.durationSeconds,
  trustProxy,
  keyPrefix = "inbox",
  maxKeys,
} = {}) {
  const limiter = createLimiter({ keyPrefix, points, duration: durationSeconds, maxKeys });
  return {
    limiter,
    /** @param {import("hono").Context} c @returns {Promise<number | null>} */
    async take(c) {
      try {
        await limiter.consume(clientIp(c, trustProxy === undefined ? undefined : { trustProxy }));
        return null;
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      }
    },
  };
}
