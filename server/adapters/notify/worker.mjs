import { leadNotification } from "./content.mjs";

/** The wait after the n-th failed attempt (n from 1): 5 s, 10 s, 20 s … at most 30 minutes. */
export function notifyBackoffMs(failedAttempts) {
  return Math.min(5000 * 2 ** Math.max(0, failedAttempts - 1), 30 * 60_000);
}

/**
 * The notification worker: claims the due rows of the store's notification queue, delivers each
 * through its channel and marks it delivered, or failed with the next attempt's time. Rows live
 * in the store, so a restart resumes them and a delivered one is never claimed again.
 * @param {{ store: any, channels: Record<string, { send: Function }>, copy: any,
 *   log?: (line: string) => void, pollMs?: number, batch?: number, backoffMs?: (n: number) => number,
 *   now?: () => Date }} options
 */
export function createNotifyWorker({
  store,
  channels,
  copy,
  log = console.log,
  pollMs = 1000,
  batch = 10,
  backoffMs = notifyBackoffMs,
  now = () => new Date(),
}) {
  let stopped = true;
  let wake = () => {};
  let loop = Promise.resolve();
  let storeDown = false;
  let kicked = false;

  async function deliver(row) {
    const channel = channels[row.channel];
    const message = row.message ?? (await store.getMessage(row.messageId));
    const result = !channel
      ? { ok: false, reason: "channel not configured" }
      : !message
        ? { ok: false, reason: "message gone" }
        : await channel.send(row.payload ?? leadNotification(message, copy), row.idempotencyKey);
    const attempts = (row.attempts ?? 0) + 1;
    if (result.ok) {
      await store.markNotification(row.id, { delivered: true });
      return;
    }
    if (!message) {
      // Erased or expired before it could be delivered: nothing left to tell anyone.
      await store.markNotification(row.id, { delivered: true });
      log(`notify: ${row.channel} notification ${row.id} dropped: its message is gone`);
      return;
    }
    const wait = backoffMs(attempts);
    await store.markNotification(row.id, { error: result.reason, nextAttemptAt: new Date(now().getTime() + wait) });
    log(
      `notify: ${row.channel} notification ${row.id} failed (attempt ${attempts}: ${result.reason}); ` +
        `next attempt in ${Math.round(wait / 1000)} s`,
    );
  }

  /** One round: every due row claimed now, delivered in parallel. Returns how many were due. */
  async function runOnce() {
    const rows = await store.claimDueNotifications(now(), batch);
    await Promise.all(rows.map((row) => deliver(row).catch((e) => log(`notify: ${row.id}: ${e?.code ?? e?.name}`))));
    return rows.length;
  }

  async function run() {
    while (!stopped) {
      let count = 0;
      kicked = false;
      try {
        count = await runOnce();
        if (storeDown) log("notify: the store answers again; delivering");
        storeDown = false;
      } catch (error) {
        if (!storeDown) log(`notify: cannot read the queue (${error?.code ?? error?.name}); retrying`);
        storeDown = true;
      }
      if (count >= batch || kicked || stopped) continue;
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve(undefined);
        };
      });
    }
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    /** A new message was stored: look at the queue now rather than at the next poll. */
    kick() {
      kicked = true;
      wake();
    },
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}
