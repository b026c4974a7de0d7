import { contactMessages, leadMessages, type ToastText } from "~/content/email-messages";
import type { DeliveryOutcome, OutboxKind } from "./outbox";
import type { SendFailureKind } from "./send-result";

/**
 * What became of one message a visitor sent, in one vocabulary for every form: the outbox's
 * outcomes, plus no channel at all and the throttle.
 */
export type DeliveryResult = DeliveryOutcome | { status: "no-channel" } | { status: "throttled" };

export interface DeliveryNotice extends ToastText {
  tone: "success" | "warning" | "error";
}

const success: Record<OutboxKind, ToastText> = {
  contact: contactMessages.contactSuccess,
  getStarted: contactMessages.getStartedSuccess,
  lead: leadMessages.success,
};

/** The one outcome → message mapping of the contact forms and Emma's lead (spec §8). */
export function deliveryNotice(kind: OutboxKind, result: DeliveryResult): DeliveryNotice {
  const lead = kind === "lead";
  switch (result.status) {
    case "sent":
      return { tone: "success", ...success[kind] };
    case "throttled":
      return { tone: "warning", ...contactMessages.throttled };
    case "no-channel":
      return { tone: "error", ...(lead ? leadMessages.missingConfig : contactMessages.noChannel) };
    case "queued":
      // The lead's spec message is 'Fel' (an error toast); the contact forms' is a warning.
      return lead ? { tone: "error", ...leadMessages.queued } : { tone: "warning", ...queuedMessage(result.kind) };
    case "failed":
      return { tone: "error", ...(lead ? leadMessages.failure : failureMessage(result.kind)) };
  }
}

/** The message when a message kept in the outbox has been delivered later. */
export function deliveredLaterNotice(kind: OutboxKind): ToastText {
  return kind === "lead" ? leadMessages.success : contactMessages.delivered;
}

function queuedMessage(kind: SendFailureKind): ToastText {
  if (kind === "rate-limited") return contactMessages.queuedRateLimited;
  if (kind === "server") return contactMessages.queuedServer;
  return contactMessages.queuedOffline;
}

function failureMessage(kind: SendFailureKind): ToastText {
  if (kind === "blocked") return contactMessages.blocked;
  if (kind === "headless") return contactMessages.headless;
  return contactMessages.failure;
}
