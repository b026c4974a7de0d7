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
  { ok: true; status: number } | { ok: false; kind: SendFailureKind; status: number; detail: string };

/** Failures worth retrying later: the same request may well succeed then. */
export function isTransient(kind: SendFailureKind): boolean {
  return kind === "network" || kind === "timeout" || kind === "rate-limited" || kind === "server";
}

export function classifyStatus(status: number): SendFailureKind {
  if (status === 0) return "network";
  if (status === 429) return "rate-limited";
  if (status === 451) return "headless";
  if (status === 403) return "blocked";
  if (status >= 500) return "server";
  return "rejected";
}
