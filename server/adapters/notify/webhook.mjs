import { createHmac } from "node:crypto";

/** The header `t=<unix seconds>,v1=<hex>`: the HMAC-SHA256 of "t.body" under LEAD_WEBHOOK_SECRET. */
export const SIGNATURE_HEADER = "X-Lead-Signature";
/** The header that names one notification: a receiver drops a second request with the same. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The time signed with the body, as Stripe does: a receiver that checks it refuses a replay (decision 035).
 * @param {string} body @param {string} secret @param {number} [seconds] the Unix time it is signed at */
export function signatureOf(body, secret, seconds = Math.floor(Date.now() / 1000)) {
  return `t=${seconds},v1=${createHmac("sha256", secret).update(`${seconds}.${body}`).digest("hex")}`;
}

/** `send` never throws; anything but a 2xx is retried. @param {{ url: string, secret?: string, timeoutMs?: number }} options */
export function createWebhook({ url, secret, timeoutMs = WEBHOOK_TIMEOUT_MS }) {
  return {
    name: "webhook",
    /** @param {{ payload: Record<string, unknown> }} notification @param {string} key */
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
