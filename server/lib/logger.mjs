// Every line says what happened, never a message's content, an e-mail or a key (decision 055).
import { randomUUID } from "node:crypto";
import { routePath } from "hono/route";
import pino from "pino";
import { removePersonalData } from "#common/personal-data.mjs";
import { safeForLog } from "./log-safe.mjs";

/** Words that make an event line a warning rather than news (the store away, a mail that failed). */
const WARNING = /\b(UNAVAILABLE|FULL|failed|could not|cannot|unreachable|lost|not a hash|no notification copy)\b/;

export const levelOf = (line) => (WARNING.test(line) ? "warn" : "info");

/** @param {{ format?: string, level?: string, destination?: import("pino").DestinationStream }} [options] */
export function createLogger({
  format = process.env.LOG_FORMAT,
  level = process.env.LOG_LEVEL || "info",
  destination,
} = {}) {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  const out = /** @type {any} */ (destination ?? pino.destination({ dest: 1, sync: true }));
  if (format === "json") return pino(options, out);
  const flush = (/** @type {any} */ cb) => (out.flush ? out.flush(cb) : cb?.());
  return pino(options, /** @type {any} */ ({ write: (json) => out.write(readableLine(json)), flush }));
}

const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");

/** pino-pretty's line as decision 055 set it up, at a fifth to a half of its CPU a line (decision 068).
 * @param {string} json */
export function readableLine(json) {
  const { time, level, msg } = JSON.parse(json);
  const d = new Date(time);
  const when = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `[${when}] ${String(level).toUpperCase()}:${msg === undefined ? "" : ` ${msg}`}\n`;
}

export const logger = createLogger();

/** @param {string} line */
export const logLine = (line) => logger[levelOf(line)](line);

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** A visitor may put an e-mail address in a URL. @param {string} pattern @param {string} path */
export function routeForLog(pattern, path) {
  if (pattern && pattern !== "*" && pattern !== "/*") return safeForLog(pattern, 200);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is logged as it came.
  }
  return safeForLog(decoded.split("/").map(removePersonalData).join("/"), 200);
}

/** The client's X-Request-Id when it is a plain token, else a new one. @param {string | undefined} given */
export const requestIdOf = (given) => (given && REQUEST_ID.test(given) ? given : randomUUID());

/** The route a request's line names. @param {import("hono").Context} c */
export const routeOf = (c) => routeForLog(routePath(c, c.req.routeIndex), c.req.path);

/** @param {{ method: string, route: string, status: number, start: number, requestId: string }} request */
export function logRequestLine({ method: raw, route, status, start, requestId }) {
  const method = safeForLog(raw, 10);
  const durationMs = Math.round(performance.now() - start);
  logger.info({ method, route, status, durationMs, requestId }, `${method} ${route} ${status} ${durationMs}ms`);
}

/** One line per request (decision 055). @returns {import("hono").MiddlewareHandler} */
export function logRequests() {
  return async (c, next) => {
    const start = performance.now();
    const requestId = requestIdOf(c.req.header("x-request-id"));
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    logRequestLine({ method: c.req.method, route: routeOf(c), status: c.res.status, start, requestId });
  };
}
