import { useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import type { EmailConfig, MessageKind } from "~/config/email";
import { deliveryMessages } from "~/content/email-messages";
import { messageTarget } from "~/lib/email/channel";
import { deliveryNotice, type DeliveryResult } from "~/lib/email/delivery-notice";
import { siteOutbox } from "~/lib/email/site-outbox";
import { markSuspected, recentWithin, spamVerdict } from "~/lib/email/spam-guard";
import { useOutboxPending } from "~/lib/email/use-outbox-pending";
import { formShownAt } from "~/lib/forms/form-dom";
import { isNumberList, readJson, writeJson } from "~/lib/safe-storage";

const SENDS_KEY: Record<MessageKind, string> = {
  contact: "emma.contact-sends.v1",
  "get-started": "emma.contact-sends.v1",
  lead: "emma.lead-sends.v1",
};

/** What the form does next: "sent" and "queued" clear it (the message is safe), the rest keep it. */
export type DeliveryStatus = DeliveryResult["status"] | "ignored";

/**
 * The one way the contact forms and Emma's lead are sent: spam guard and throttle, the channel
 * (visitor's EmailJS config, the operator's, or the local inbox), the outbox, and the toast.
 * `formKey` is the form's `data-form`, for when it was first shown.
 */
export function useDelivery(kind: MessageKind, formKey?: string) {
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  // Since when the visitor has seen the form (for the minimum fill time); set on the client only.
  const [shownAt] = useState(() => (typeof window === "undefined" ? 0 : formShownAt(formKey)));
  const pending = useOutboxPending(kind);

  function show(result: DeliveryResult) {
    const { tone, message } = deliveryNotice(kind, result);
    const { title, description } = deliveryMessages[message];
    toast[tone](title, { description });
  }

  async function deliver(input: {
    params: Record<string, string>;
    honeypot: string;
    /** The visitor's own EmailJS config (Emma's lead only). */
    visitorConfig?: EmailConfig | null;
  }): Promise<DeliveryStatus> {
    if (inFlight.current) return "ignored"; // a double click
    const now = Date.now();
    const recentSends = recentWithin(readJson("local", SENDS_KEY[kind], isNumberList, []), now);
    const verdict = spamVerdict({ honeypot: input.honeypot, shownAt, now, recentSends });
    if (verdict === "bot") {
      // A filled honeypot: dropped without a word of it to the sender, who is a script.
      show({ status: "sent" });
      return "sent";
    }
    if (verdict === "throttled") {
      show({ status: "throttled" });
      return "throttled";
    }
    inFlight.current = true;
    setSending(true);
    try {
      const params = verdict === "suspect" ? markSuspected(input.params) : input.params;
      const target = await messageTarget(kind, input.visitorConfig ?? null, window.location.origin);
      const result: DeliveryResult = target ? await siteOutbox.deliver(kind, target, params) : { status: "no-channel" };
      if (result.status === "sent" || result.status === "queued") {
        writeJson("local", SENDS_KEY[kind], [...recentSends, now]);
      }
      show(result);
      return result.status;
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return { sending, pending, deliver };
}
