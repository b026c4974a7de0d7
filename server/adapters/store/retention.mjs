// Retention: messages older than the policy's limit are deleted at start and once a day.
import { LEAD_RETENTION_DAYS } from "#common/retention.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";
import { retentionCutoff } from "./records.mjs";
import { logLine } from "../../lib/logger.mjs";
import { systemClock } from "../../lib/clock.mjs";

export { LEAD_RETENTION_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;
/** After a failed sweep (the database away), the next try. */
const RETRY_MS = 10 * 60 * 1000;

/** INBOX_RETENTION_DAYS when it is a positive number, else the privacy policy's. */
export function retentionDaysFromEnv(env = process.env) {
  const days = Number(env.INBOX_RETENTION_DAYS);
  return env.INBOX_RETENTION_DAYS && Number.isFinite(days) && days > 0 ? days : LEAD_RETENTION_DAYS;
}

/** Sweeps now and every `everyMs`; with `claim` (claimJob) one instance sweeps each round, and one whose sweep failed
 * retries sooner unclaimed (decision 053). @param {{ deleteOlderThan: (date: Date) => Promise<number> }} store @param {{ days: number,
 *   log?: (line: string) => void, now?: () => Date, everyMs?: number, what?: string, claim?: (name: string, everyMs: number, now: Date) => Promise<boolean> }} options */
export function startRetention(
  store,
  { days, log = logLine, now = systemClock, everyMs = DAY_MS, what = "message", claim },
) {
  let timer;
  let stopped = false;
  let retrying = false;
  async function sweep() {
    let next = everyMs;
    try {
      if (!claim || retrying || (await claim(`retention:${what}`, everyMs, now()))) {
        const deleted = await store.deleteOlderThan(retentionCutoff(now(), days));
        if (deleted > 0) log(`store: retention: deleted ${deleted} ${what}(s) older than ${days} days`);
      }
      retrying = false;
    } catch (error) {
      retrying = true;
      next = Math.min(RETRY_MS, everyMs);
      log(`store: retention: could not delete old ${what}s (${safeForLog(error?.message, 120)}); trying again later`);
    }
    if (!stopped) {
      timer = setTimeout(sweep, next);
      timer.unref();
    }
  }
  const first = sweep();
  return {
    /** The sweep at start, for tests. */
    first,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
