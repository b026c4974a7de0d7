import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { contactFormTarget } from "~/config/email";
import { contactMessages, type ToastText } from "~/content/email-messages";
import type { SendFailureKind } from "~/lib/email/send-result";
import type { DeliveryOutcome } from "~/lib/email/outbox";
import { siteOutbox } from "~/lib/email/site-outbox";
import { useOutboxPending } from "~/lib/email/use-outbox-pending";
import { isNumberList, readJson, writeJson } from "~/lib/safe-storage";
import { recentWithin, spamVerdict } from "./spam-guard";

const SENDS_KEY = "emma.contact-sends.v1";

/** The Swedish message for an outcome that is not a success. */
export function failureMessage(outcome: Exclude<DeliveryOutcome, { status: "sent" }>): ToastText {
  if (outcome.status === "queued") return queuedMessage(outcome.kind);
  const byKind: Partial<Record<SendFailureKind, ToastText>> = {
    blocked: contactMessages.blocked,
    headless: contactMessages.headless,
  };
  return byKind[outcome.kind] ?? contactMessages.failure;
}

function queuedMessage(kind: SendFailureKind): ToastText {
  if (kind === "rate-limited") return contactMessages.queuedRateLimited;
  if (kind === "server") return contactMessages.queuedServer;
  return contactMessages.queuedOffline;
}

export type SubmitResult = "sent" | "queued" | "failed" | "ignored";

// Sends a contact form through the outbox: 'sent' or 'queued' when it may be cleared (delivered
// or safely kept), 'failed' when it must stay filled.
export function useSendRequest(kind: "contact" | "getStarted", success: ToastText) {
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const shownAt = useRef(Number.POSITIVE_INFINITY);
  const pending = useOutboxPending(kind);

  useEffect(() => {
    shownAt.current = Date.now();
  }, []);

  async function submit(params: Record<string, string>, honeypot: string): Promise<SubmitResult> {
    if (inFlight.current) return "ignored"; // a double click
    const now = Date.now();
    const recentSends = recentWithin(readJson("local", SENDS_KEY, isNumberList, []), now);
    const verdict = spamVerdict({ honeypot, shownAt: shownAt.current, now, recentSends });
    if (verdict === "bot") {
      // Dropped without a word of it to the sender, who is a script.
      toast.success(success.title, { description: success.description });
      return "sent";
    }
    if (verdict === "throttled") {
      toast.warning(contactMessages.throttled.title, { description: contactMessages.throttled.description });
      return "failed";
    }
    inFlight.current = true;
    setSending(true);
    try {
      const outcome = await siteOutbox.deliver(kind, contactFormTarget(kind, window.location.origin), params);
      if (outcome.status !== "failed") writeJson("local", SENDS_KEY, [...recentSends, now]);
      if (outcome.status === "sent") {
        toast.success(success.title, { description: success.description });
        return "sent";
      }
      const message = failureMessage(outcome);
      if (outcome.status === "queued") {
        toast.warning(message.title, { description: message.description });
        return "queued";
      }
      toast.error(message.title, { description: message.description });
      return "failed";
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return { sending, pending, submit };
}
