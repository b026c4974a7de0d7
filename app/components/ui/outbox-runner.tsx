import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import { deliveryMessages } from "~/content/email-messages";
import { deliveredLaterNotice } from "~/lib/email/delivery-notice";
import { siteOutbox } from "~/lib/email/site-outbox";

/** Mounted once in the root: retries what the outbox holds and tells the visitor when it is delivered. */
export function OutboxRunner() {
  useEffect(() => {
    const stop = siteOutbox.start();
    const unsubscribe = siteOutbox.subscribe((e) => {
      if (e.type !== "delivered") return;
      const { title, description } = deliveryMessages[deliveredLaterNotice(e.entry.kind).message];
      toast.success(title, { description });
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, []);
  return null;
}
