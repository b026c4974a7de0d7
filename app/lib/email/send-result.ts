// What a send came to, in our words; apart from the adapter, so reasoning about results does not
// pull the SDK into the initial bundle.
export type SendFailureKind =
  | "network" // status 0: no connection, DNS, CORS
  | "timeout" // no answer in time
  | "rate-limited" // 429
  | "server" // 5xx
  | "blocked" // 403 (block list)
  | "headless" // 451
  | "rejected" // other 4xx: bad template, bad key …
  | "invalid-config"; // missing key, service or template

export type SendResult =
  | { ok: true; status: number }
  | { ok: false; kind: SendFailureKind; status: number; detail: string; retryAfterMs?: number };

/** How long a send may wait for an answer before it counts as a timeout. */
export const SEND_TIMEOUT_MS = 15_000;

/** Failures worth retrying later: the same request may well succeed then. */
export function isTransient(kind: SendFailureKind): boolean {
  return kind === "network" || kind === "timeout" || kind === "rate-limited" || kind === "server";
}

/** 507 (and 503) is the local inbox saying it is full: a server state, retried later. */
export function classifyStatus(status: number): SendFailureKind {
  if (status === 0) return "network";
  if (status === 429) return "rate-limited";
  if (status === 451) return "headless";
  if (status === 403) return "blocked";
  if (status >= 500) return "server";
  return "rejected";
}

/** A Retry-After header (seconds or an HTTP date) as milliseconds from `now`, or undefined. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
