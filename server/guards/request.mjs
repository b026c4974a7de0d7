import { createHash } from "node:crypto";
import { bodyLimit } from "hono/body-limit";
import { clientIp, clientKey } from "./client-ip.mjs";
import { mailboxKey } from "../lib/mailbox.mjs";
import { createLimiter, secondsUntil } from "./limiters.mjs";
import { logger } from "../lib/logger.mjs";

// Per address enough for an office behind one NAT, per sender e-mail a few (decision 022).
export const DEFAULT_RATE_LIMIT = { points: 60, durationSeconds: 600 };
export const DEFAULT_EMAIL_RATE_LIMIT = { points: 5, durationSeconds: 600 };

/** Browsers send Origin and Sec-Fetch-Site also with a POST that needs no preflight. @param {import("hono").Context} c
 * @param {{ siteOrigin?: string, trustProxy?: boolean | number }} [options] */
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

export function hasMediaType(c, type) {
  return (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase() === type;
}

/** @param {{ points?: number, durationSeconds?: number, trustProxy?: boolean | number, keyPrefix?: string, databaseUrl?: string, maxKeys?: number }} [options] */
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

/** Hashed, so no address is kept. */
export const emailKey = (email) => createHash("sha256").update(mailboxKey(email)).digest("hex");

/** @param {{ points?: number, durationSeconds?: number, databaseUrl?: string }} [options] */
export function createEmailLimit({
  points = DEFAULT_EMAIL_RATE_LIMIT.points,
  durationSeconds = DEFAULT_EMAIL_RATE_LIMIT.durationSeconds,
  databaseUrl,
} = {}) {
  const limit = createRateLimit({ points, durationSeconds, keyPrefix: "inbox-email", databaseUrl });
  /** @param {string | undefined} email */
  return { take: (email) => (email?.trim() ? limit.takeKey(emailKey(email)) : Promise.resolve(null)) };
}

/** Behind a proxy without TRUST_PROXY all visitors share one limit. @param {{ trustProxy: boolean | number, warn?: (line: string) => void }} options */
export function proxyWarning({ trustProxy, warn = (line) => logger.warn(line) }) {
  let warned = Boolean(trustProxy);
  /** @type {import("hono").MiddlewareHandler & { pending?: () => boolean }} */
  const middleware = async (c, next) => {
    if (!warned && c.req.header("x-forwarded-for") !== undefined) {
      warned = true;
      warn(
        "limits: requests carry X-Forwarded-For but TRUST_PROXY is unset, so every visitor behind the proxy " +
          "counts as its one address; set TRUST_PROXY=1 if a reverse proxy you run sets the header",
      );
    }
    await next();
  };
  middleware.pending = () => !warned;
  return middleware;
}

/** hono's bodyLimit, by a declared length before the request becomes a web Request (decision 068).
 * @param {{ maxSize: number, onError: (c: import("hono").Context) => Response | Promise<Response> }} options @returns {import("hono").MiddlewareHandler} */
export function bodyLimitByLength({ maxSize, onError }) {
  const counted = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const declared = c.req.header("content-length");
    if (declared === undefined || c.req.header("transfer-encoding") !== undefined) return counted(c, next);
    if (Number.parseInt(declared, 10) > maxSize) return onError(c);
    await next();
  };
}

/** A 413 at once, also for a chunked body (decision 012). @param {number} maxSize */
export const limitBody = (maxSize) =>
  bodyLimit({ maxSize, onError: (c) => c.text("Payload Too Large", 413, { Connection: "close" }) });

export function pageOf(c) {
  const referer = c.req.header("referer");
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === new URL(c.req.url).host ? url.pathname.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
