import { createMailer } from "./mailer.mjs";
import { createWebhook } from "./webhook.mjs";
import { createNotifyWorker } from "./worker.mjs";
import { logLine } from "../../lib/logger.mjs";

/**
 * The notification channels the environment configures: `email` when SMTP_URL is set (to
 * LEAD_NOTIFY_TO, default the site's sales address), `webhook` when LEAD_WEBHOOK_URL is set.
 * @param {Record<string, string | undefined>} env
 * @param {{ salesEmail?: string }} [site]
 */
export function channelsFromEnv(env, { salesEmail } = {}) {
  /** @type {Record<string, ReturnType<typeof createMailer> | ReturnType<typeof createWebhook>>} */
  const channels = {};
  const to = env.LEAD_NOTIFY_TO || salesEmail;
  if (env.SMTP_URL && to) channels.email = createMailer({ url: env.SMTP_URL, to, from: env.LEAD_NOTIFY_FROM || to });
  if (env.LEAD_WEBHOOK_URL) {
    channels.webhook = createWebhook({ url: env.LEAD_WEBHOOK_URL, secret: env.LEAD_WEBHOOK_SECRET || undefined });
  }
  return channels;
}

/**
 * The sales team's notifications, when a channel is configured (else null): `channels` are the
 * names the store enqueues a row for with each message, `start(store)` runs the worker over the
 * store's queue, and `kick()` after a message is stored delivers it at once.
 * `booking(store, mailer)` makes the free meeting's delivery (server/routes/booking/), which runs
 * on the same queue, also with no channel for the sales team.
 * @param {{ env?: Record<string, string | undefined>, forms?: any, log?: (line: string) => void,
 *   booking?: ((store: any, mailer: ReturnType<typeof createMailer> | null) => any) | null,
 *   now?: import("../../lib/clock.mjs").Clock }} options
 */
export function createNotifications({ env = process.env, forms, log = logLine, booking = null, now }) {
  const channels = channelsFromEnv(env, { salesEmail: forms?.salesEmail });
  const names = Object.keys(channels);
  // The sales team's replies to visitors go through the same outbox, from the sales mailbox.
  const from = env.LEAD_NOTIFY_FROM || env.LEAD_NOTIFY_TO || forms?.salesEmail;
  const reply = env.SMTP_URL && from ? createMailer({ url: env.SMTP_URL, to: from, from }) : null;
  if (names.length === 0 && !booking) return null;
  if (!forms?.notification) {
    log("notify: the build has no notification copy (build/forms.json); rebuild to notify the sales team");
    return null;
  }
  /** @type {ReturnType<typeof createNotifyWorker> | null} */
  let worker = null;
  return {
    channels: names,
    /** Whether a salesperson's reply can be mailed (SMTP_URL), from which address. */
    reply: Boolean(reply),
    replyFrom: reply ? from : null,
    /** @param {any} store */
    start(store) {
      const mailer = /** @type {ReturnType<typeof createMailer> | undefined} */ (channels.email) ?? reply;
      worker = createNotifyWorker({
        store,
        channels: reply ? { ...channels, reply } : channels,
        copy: forms.notification,
        log,
        now: now ?? store.now,
        booking: booking?.(store, mailer) ?? null,
      });
      worker.start();
      if (names.length) log(`notify: telling the sales team by ${names.join(" and ")}`);
    },
    kick: () => worker?.kick(),
    /** Whether a channel's delivery loop has stopped making rounds (readiness). */
    stuck: () => worker?.stuck() ?? false,
    async stop() {
      await worker?.stop();
      for (const channel of Object.values(channels)) channel.close();
      reply?.close();
    },
  };
}
