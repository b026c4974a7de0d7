import type { MessageKind } from "~/config/email";
import type { DeliveryOutcome } from "./outbox";

/** What became of one message: the outbox's outcomes, plus no channel at all and the throttle. */
export type DeliveryResult = DeliveryOutcome | { status: "no-channel" } | { status: "throttled" };

/** The messages a visitor can get about a delivery; app/content/email-messages.ts words them. */
export type DeliveryMessage =
  | "contactSent"
  | "getStartedSent"
  | "leadSent"
  | "throttled"
  | "leadNoChannel"
  | "noChannel"
  | "leadQueued"
  | "queuedRateLimited"
  | "queuedServer"
  | "queuedOffline"
  | "leadFailed"
  | "failed"
  | "blocked"
  | "headless"
  | "deliveredLater";

export interface DeliveryNotice {
  tone: "success" | "warning" | "error";
  message: DeliveryMessage;
}

const sent: Record<MessageKind, DeliveryMessage> = {
  contact: "contactSent",
  "get-started": "getStartedSent",
  lead: "leadSent",
};

/** The one outcome → message mapping of the contact forms and Emma's lead (spec §8). */
export function deliveryNotice(kind: MessageKind, result: DeliveryResult): DeliveryNotice {
  const lead = kind === "lead";
  switch (result.status) {
    case "sent":
      return { tone: "success", message: sent[kind] };
    case "throttled":
      return { tone: "warning", message: "throttled" };
    case "no-channel":
      return { tone: "error", message: lead ? "leadNoChannel" : "noChannel" };
    case "queued":
      // The lead's spec message is 'Fel' (an error toast); the contact forms' is a warning.
      if (lead) return { tone: "error", message: "leadQueued" };
      if (result.kind === "rate-limited") return { tone: "warning", message: "queuedRateLimited" };
      return { tone: "warning", message: result.kind === "server" ? "queuedServer" : "queuedOffline" };
    case "failed":
      if (lead) return { tone: "error", message: "leadFailed" };
      if (result.kind === "blocked" || result.kind === "headless") return { tone: "error", message: result.kind };
      return { tone: "error", message: "failed" };
  }
}

/** The message when a message kept in the outbox has been delivered later. */
export function deliveredLaterNotice(kind: MessageKind): DeliveryNotice {
  return { tone: "success", message: kind === "lead" ? "leadSent" : "deliveredLater" };
}
