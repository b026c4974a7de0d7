import { LOCAL_INBOX_KEY, type EmailTarget } from "~/config/email";
import { classifyStatus, parseRetryAfter, SEND_TIMEOUT_MS, type SendResult } from "./send-result";

/**
 * The site's own inbox (server/routes/inbox.mjs behind `npm start`), which takes EmailJS's request shape.
 * Sent with fetch rather than the EmailJS SDK, so a 429's Retry-After reaches the outbox.
 */
export const INBOX_SEND_PATH = "/api/v1.0/email/send";

/** Whether a target is the local inbox rather than EmailJS. */
export const isLocalInbox = (target: EmailTarget) => target.publicKey === LOCAL_INBOX_KEY;

/** Sends one message to the local inbox. Never throws. */
export async function sendToInbox(
  target: EmailTarget,
  params: Record<string, string>,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(`${target.origin}${INBOX_SEND_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        lib_version: "local",
        user_id: target.publicKey,
        service_id: target.serviceId,
        template_id: target.templateId,
        template_params: params,
      }),
      signal: controller.signal,
    });
    if (res.ok) return { ok: true, status: res.status };
    const detail = await res.text().catch(() => "");
    const retryAfterMs = parseRetryAfter(res.headers.get("Retry-After"), Date.now());
    return { ok: false, kind: classifyStatus(res.status), status: res.status, detail, retryAfterMs };
  } catch (error) {
    if (controller.signal.aborted)
      return { ok: false, kind: "timeout", status: 0, detail: `No answer in ${timeoutMs} ms` };
    return { ok: false, kind: "network", status: 0, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
