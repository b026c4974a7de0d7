import { createHmac } from "node:crypto";

/** The header `t=<unix seconds>,v1=<hex>`: the HMAC-SHA256 of "t.body" under LEAD_WEBHOOK_SECRET. */
export const SIGNATURE_HEADER = "X-Lead-Signature";
/** The header that names one notification: a receiver drops a second request with the same. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** How long the receiver may take to answer before the attempt fails. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The signature of a body sent now, as Stripe signs its webhooks: the time is signed with the body,
 * so a receiver that checks it is recent (docs/sales-team.md's tolerance) refuses a captured request replayed.
 * @param {string} body @param {string} secret @param {number} [seconds] the Unix time it is signed at
 */
export function signatureOf(body, secret, seconds = Math.floor(Date.now() / 1000)) {
  return `t=${seconds},v1=${createHmac("sha256", secret).update(`${seconds}.${body}`).digest("hex")}`;
}

/**
 * The webhook: the notification's JSON payload POSTed to LEAD_WEBHOOK_URL (Slack or Teams
 * workflows, a CRM). `send` never throws; a 2xx is delivered, anything else is retried.
 * @param {{ url: string, secret?: string, timeoutMs?: number }} options
 */
export function createWebhook({ url, secret, timeoutMs = WEBHOOK_TIMEOUT_MS }) {
  return {
    name: "webhook",
    /**
     * @param {{ payload: Record<string, unknown> }} notification
     * @param {string} key
     */
    async send(notification, key) {
      const body = JSON.stringify(notification.payload);
      /** @type {Record<string, string>} */
      const headers = { "Content-Type": "application/json", [IDEMPOTENCY_HEADER]: key };
      if (secret) headers[SIGNATURE_HEADER] = signatureOf(body, secret);
      try {
        const res = await fetch(url, {
          method: "POST",
          headers,
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.body?.cancel().catch(() => {});
        return res.ok ? { ok: true } : { ok: false, reason: `HTTP ${res.status}` };
      } catch (error) {
        const cause = /** @type {any} */ (error)?.cause;
        return {
          ok: false,
          reason: error?.name === "TimeoutError" ? "timeout" : cause?.code || error?.name || "error",
        };
      }
    },
    close() {},
  };
}
