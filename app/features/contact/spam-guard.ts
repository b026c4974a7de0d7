/** Quiet defences against bots: a honeypot, a minimum fill time and a per-browser throttle. */
export const MIN_FILL_MS = 2500;
export const THROTTLE_WINDOW_MS = 10 * 60_000;
export const THROTTLE_MAX = 3;

export type SpamVerdict = "ok" | "bot" | "throttled";

export function spamVerdict(input: {
  honeypot: string;
  shownAt: number;
  now: number;
  recentSends: readonly number[];
}): SpamVerdict {
  if (input.honeypot.trim() !== "") return "bot";
  if (input.now - input.shownAt < MIN_FILL_MS) return "bot";
  if (recentWithin(input.recentSends, input.now).length >= THROTTLE_MAX) return "throttled";
  return "ok";
}

export function recentWithin(sends: readonly number[], now: number): number[] {
  return sends.filter((t) => now - t < THROTTLE_WINDOW_MS && t <= now);
}
