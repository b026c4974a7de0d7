import { createMailer } from "./mailer.mjs";
import { createWebhook } from "./webhook.mjs";

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
