import { createMailer } from "./mailer.mjs";
import { createWebhook } from "./webhook.mjs";
import { createNotifyWorker } from "./worker.mjs";
import { logLine } from "../../lib/logger.mjs";

/** @param {Record<string, string | undefined>} env @param {{ salesEmail?: string }} [site] */
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

/** Each of `deliveries`, a capability's, makes the worker's delivery of its rows (`booking:`) once the store and mailer exist.
 * @param {{ env?: Record<string, string | undefined>, forms?: any, log?: (line: string) => void, now?: import("../../lib/clock.mjs").Clock,
 *   deliveries?: ((store: any, mailer: ReturnType<typeof createMailer> | null) => import("./worker.mjs").Delivery)[] }} options */
export function createNotifications({ env = process.env, forms, log = logLine, deliveries = [], now }) {
  const channels = channelsFromEnv(env, { salesEmail: forms?.salesEmail });
  const names = Object.keys(channels);
  // The sales team's replies to visitors go through the same outbox, from the sales mailbox.
  const from = env.LEAD_NOTIFY_FROM || env.LEAD_NOTIFY_TO || forms?.salesEmail;
  const reply = env.SMTP_URL && from ? createMailer({ url: env.SMTP_URL, to: from, from }) : null;
  if (names.length === 0 && deliveries.length === 0) return null;
  if (!forms?.notification) {
    log("notify: the build has no notification copy (build/forms.json); rebuild to notify the sales team");
    return null;
  }
  /** @type {ReturnType<typeof createNotifyWorker> | null} */
  let worker = null;
  return {
    channels: names,
    reply: Boolean(reply),
    replyFrom: reply ? from : null,
    start(store) {
      const mailer = /** @type {ReturnType<typeof createMailer> | undefined} */ (channels.email) ?? reply;
      worker = createNotifyWorker({
        store,
        channels: reply ? { ...channels, reply } : channels,
        copy: forms.notification,
        log,
        now: now ?? store.now,
        deliveries: deliveries.map((make) => make(store, mailer)),
      });
      worker.start();
      if (names.length) log(`notify: telling the sales team by ${names.join(" and ")}`);
    },
    kick: () => worker?.kick(),
    stuck: () => worker?.stuck() ?? false,
    async stop() {
      await worker?.stop();
      for (const channel of Object.values(channels)) channel.close();
      reply?.close();
    },
  };
}
