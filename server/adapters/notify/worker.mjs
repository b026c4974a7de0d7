import { leadNotification } from "./content.mjs";
import { logLine } from "../../lib/logger.mjs";
import { systemClock } from "../../lib/clock.mjs";

export function notifyBackoffMs(failedAttempts) {
  return Math.min(5000 * 2 ** Math.max(0, failedAttempts - 1), 30 * 60_000);
}

/** How long a claim is leased; it is extended every third of that while its sends run. */
export const CLAIM_LEASE_MS = 60_000;
export const STUCK_AFTER_MS = 5 * 60_000;

/** One loop per channel, so a hanging webhook never holds up a mail (decision 053). @param {{ store: any, channels: Record<string, { send: Function }>,
 *   copy: any, log?: (line: string) => void, pollMs?: number, batch?: number, backoffMs?: (n: number) => number, now?: () => Date, leaseMs?: number,
 *   deliveries?: Delivery[] }} options @typedef {{ prefix: string, deliver(row: any, message: any): Promise<{ ok: boolean, reason?: string }> }} Delivery */
export function createNotifyWorker({
  store,
  channels,
  copy,
  log = logLine,
  pollMs = 1000,
  batch = 10,
  backoffMs = notifyBackoffMs,
  now = store.now ?? systemClock,
  leaseMs = CLAIM_LEASE_MS,
  deliveries = [],
}) {
  // A name ending in ":" is a prefix: a capability's loop claims every channel that starts with it.
  const names = [...Object.keys(channels), ...deliveries.map((d) => d.prefix)];
  let stopped = true;
  /** @type {Map<string, () => void>} */
  const wakes = new Map();
  /** @type {Map<string, number>} the end of each channel's last round, on the monotonic clock */
  const lastRound = new Map();
  /** @type {Set<string>} */
  const kicked = new Set();
  let loops = Promise.resolve();
  let storeDown = false;

  async function deliver(row) {
    const channel = channels[row.channel];
    const own = deliveries.find((d) => row.channel.startsWith(d.prefix));
    const message = row.message ?? (await store.getMessage(row.messageId));
    const result = !message
      ? { ok: false, reason: "message gone" }
      : own
        ? await own.deliver(row, message)
        : !channel
          ? { ok: false, reason: "channel not configured" }
          : await channel.send(row.payload ?? leadNotification(message, copy), row.idempotencyKey);
    const attempts = (row.attempts ?? 0) + 1;
    const claim = { claim: row.claim };
    if (result.ok) {
      await store.markNotification(row.id, { delivered: true }, claim);
      return;
    }
    if (!message) {
      // Erased or expired before it could be delivered: nothing left to tell anyone.
      await store.markNotification(row.id, { delivered: true }, claim);
      log(`notify: ${row.channel} notification ${row.id} dropped: its message is gone`);
      return;
    }
    const wait = backoffMs(attempts);
    const next = new Date(now().getTime() + wait);
    await store.markNotification(row.id, { error: result.reason, nextAttemptAt: next }, claim);
    log(
      `notify: ${row.channel} notification ${row.id} failed (attempt ${attempts}: ${result.reason}); ` +
        `next attempt in ${Math.round(wait / 1000)} s`,
    );
  }

  async function roundOf(channel) {
    const rows = await store.claimDueNotifications(now(), batch, { leaseMs, channel });
    if (rows.length === 0) return 0;
    const claim = rows[0].claim;
    const keep = claim
      ? setInterval(() => store.extendNotificationClaim(claim, leaseMs).catch(() => {}), leaseMs / 3)
      : null;
    try {
      await Promise.all(rows.map((row) => deliver(row).catch((e) => log(`notify: ${row.id}: ${e?.code ?? e?.name}`))));
    } finally {
      if (keep) clearInterval(keep);
    }
    return rows.length;
  }

  async function runOnce() {
    const counts = await Promise.all(names.map(roundOf));
    return counts.reduce((a, b) => a + b, 0);
  }

  async function run(channel) {
    while (!stopped) {
      let count = 0;
      kicked.delete(channel);
      try {
        count = await roundOf(channel);
        if (storeDown) log("notify: the store answers again; delivering");
        storeDown = false;
      } catch (error) {
        if (!storeDown) log(`notify: cannot read the queue (${error?.code ?? error?.name}); retrying`);
        storeDown = true;
      }
      lastRound.set(channel, performance.now());
      if (count >= batch || kicked.has(channel) || stopped) continue;
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakes.set(channel, () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
  }

  const wakeAll = () => {
    for (const wake of wakes.values()) wake();
  };

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      const started = performance.now();
      for (const name of names) lastRound.set(name, started);
      loops = Promise.all(names.map(run)).then(() => {});
    },
    /** A new message was stored: look at the queue now rather than at the next poll. */
    kick() {
      for (const name of names) kicked.add(name);
      wakeAll();
    },
    stuck(at = performance.now()) {
      return !stopped && names.some((name) => at - (lastRound.get(name) ?? at) > STUCK_AFTER_MS);
    },
    async stop() {
      stopped = true;
      wakeAll();
      await loops;
    },
  };
}
