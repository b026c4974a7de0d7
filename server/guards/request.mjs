import { createHash } from "node:crypto";
import { bodyLimit } from "hono/body-limit";
import { clientIp, clientKey } from "./client-ip.mjs";
import { mailboxKey } from "../lib/mailbox.mjs";
import { createLimiter, secondsUntil } from "./limiters.mjs";
import { logger } from "../lib/logger.mjs";

/**
 * Default limits of the inbox and the form posts (decision 022): per address, enough for a
 * 50-person office behind one NAT writing in the same ten minutes; per sender e-mail, a few.
 */
export const DEFAULT_RATE_LIMIT = { points: 60, durationSeconds: 600 };
export const DEFAULT_EMAIL_RATE_LIMIT = { points: 5, durationSeconds: 600 };

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
 * A limit per key (limiters.mjs: in memory, or in PostgreSQL with DATABASE_URL). `take(c)`
 * counts one request of the client's address, `takeKey(key)` one of any key; each returns null,
 * or the seconds to wait when the key is over its limit.
 * @param {{ points?: number, durationSeconds?: number, trustProxy?: boolean | number, keyPrefix?: string, databaseUrl?: string, maxKeys?: number }} [options]
 */
export function createRateLimit({
  points = DEFAULT_RATE_LIMIT.points,
  durationSeconds = DEFAULT_RATE_LIMIT.durationSeconds,
  trustProxy,
  keyPrefix = "inbox-address",
  databaseUrl,
  maxKeys,
} = {}) {
  const limiter = createLimiter({ keyPrefix, points, duration: durationSeconds, databaseUrl, maxKeys });
  /** @param {string} key @returns {Promise<number | null>} */
  async function takeKey(key) {
    try {
      await limiter.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      return secondsUntil(rejection);
    }
  }
  return {
    limiter,
    takeKey,
    /** @param {import("hono").Context} c */
    take: (c) => takeKey(clientKey(clientIp(c, trustProxy === undefined ? undefined : { trustProxy }))),
  };
}

/** The key of a sender's mailbox for the limit (case, spaces and "+tags" ignored), hashed so none is kept. */
export const emailKey = (email) => createHash("sha256").update(mailboxKey(email)).digest("hex");

/**
 * The limit by sender e-mail: `take(email)` as createRateLimit's, null for a message without one.
 * @param {{ points?: number, durationSeconds?: number, databaseUrl?: string }} [options]
 */
export function createEmailLimit({
  points = DEFAULT_EMAIL_RATE_LIMIT.points,
  durationSeconds = DEFAULT_EMAIL_RATE_LIMIT.durationSeconds,
  databaseUrl,
} = {}) {
  const limit = createRateLimit({ points, durationSeconds, keyPrefix: "inbox-email", databaseUrl });
  /** @param {string | undefined} email */
  return { take: (email) => (email?.trim() ? limit.takeKey(emailKey(email)) : Promise.resolve(null)) };
}

/**
 * Warns once when requests carry X-Forwarded-For but TRUST_PROXY is unset: behind a proxy every
 * visitor then has the proxy's address and shares one limit.
 * @param {{ trustProxy: boolean | number, warn?: (line: string) => void }} options
 */
export function proxyWarning({ trustProxy, warn = (line) => logger.warn(line) }) {
  let warned = Boolean(trustProxy);
  /** @type {import("hono").MiddlewareHandler} */
  return async (c, next) => {
    if (!warned && c.req.header("x-forwarded-for") !== undefined) {
      warned = true;
      warn(
        "limits: requests carry X-Forwarded-For but TRUST_PROXY is unset, so every visitor behind the proxy " +
          "counts as its one address; set TRUST_PROXY=1 if a reverse proxy you run sets the header",
      );
    }
    await next();
  };
}

/**
 * A 413 at once, without reading the rest of the body (also a chunked one with no length).
 * @param {number} maxSize
 */
export const limitBody = (maxSize) =>
  bodyLimit({ maxSize, onError: (c) => c.text("Payload Too Large", 413, { Connection: "close" }) });
