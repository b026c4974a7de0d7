/**
 * Quiet defences against bots: a honeypot, a minimum fill time and a per-browser throttle. Only a
 * filled honeypot discards a message; one sent faster than a person types is marked as suspected.
 */
export const MIN_FILL_MS = 2500;
export const THROTTLE_WINDOW_MS = 10 * 60_000;
export const THROTTLE_MAX = 3;

export type SpamVerdict = "ok" | "bot" | "suspect" | "throttled";

export function spamVerdict(input: {
  honeypot: string;
  shownAt: number;
  now: number;
  recentSends: readonly number[];
}): SpamVerdict {
  if (input.honeypot.trim() !== "") return "bot";
  if (recentWithin(input.recentSends, input.now).length >= THROTTLE_MAX) return "throttled";
  if (input.now - input.shownAt < MIN_FILL_MS) return "suspect";
  return "ok";
}

export function recentWithin(sends: readonly number[], now: number): number[] {
  return sends.filter((t) => now - t < THROTTLE_WINDOW_MS && t <= now);
}

/**
 * How a message sent faster than a person fills a form is marked for the sales team, shared with
 * the server and `npm run inbox`: a param of its own, so the subject stays the spec's.
 */
export const spamMark = { param: "suspected_spam", value: "ja" } as const;

/** The params of a suspected message: `suspected_spam: "ja"` added, nothing else changed. */
export function markSuspected(params: Record<string, string>): Record<string, string> {
  return { ...params, [spamMark.param]: spamMark.value };
}
