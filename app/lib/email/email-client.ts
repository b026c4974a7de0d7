import { EmailJSResponseStatus, init, send } from "@emailjs/browser";
import type { EmailTarget } from "~/config/email";
import { classifyStatus, SEND_TIMEOUT_MS, type SendResult } from "./send-result";

// The one adapter for EmailJS (decision 001). It never throws: every failure becomes a
// `SendFailure` kind; sends are serialised, as the origin is global SDK state.

/** Maps whatever the SDK rejected with to our result. */
export function classifyError(error: unknown): SendResult & { ok: false } {
  if (error instanceof EmailJSResponseStatus || (isStatusLike(error) && !(error instanceof Error))) {
    const { status, text } = error as { status: number; text: string };
    return { ok: false, kind: classifyStatus(status), status, detail: text };
  }
  if (typeof error === "string") return { ok: false, kind: "invalid-config", status: 0, detail: error };
  if (error instanceof TimeoutError) return { ok: false, kind: "timeout", status: 0, detail: error.message };
  // fetch() rejects with a TypeError for network failures.
  return { ok: false, kind: "network", status: 0, detail: error instanceof Error ? error.message : String(error) };
}

function isStatusLike(v: unknown): v is { status: number; text: string } {
  return typeof v === "object" && v !== null && typeof (v as { status?: unknown }).status === "number";
}

class TimeoutError extends Error {}

let queue: Promise<unknown> = Promise.resolve();

/** Sends one EmailJS template. Never throws. */
export function sendEmail(
  target: EmailTarget,
  params: Record<string, string>,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  const run = async (): Promise<SendResult> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // limitRate stays off: the outbox and the form throttle pace sends; blockHeadless stays off.
      init({ publicKey: target.publicKey, origin: target.origin });
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(`No answer in ${timeoutMs} ms`)), timeoutMs);
      });
      const res = await Promise.race([send(target.serviceId, target.templateId, params), timeout]);
      return { ok: true, status: res.status };
    } catch (error) {
      return classifyError(error);
    } finally {
      clearTimeout(timer);
    }
  };
  const result = queue.then(run, run);
  queue = result;
  return result;
}
