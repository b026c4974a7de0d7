import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import { contactMessages } from "~/content/email-messages";
import { siteOutbox } from "./site-outbox";

/** Mounted once in the root: retries what the outbox holds and tells the visitor when it is delivered. */
export function OutboxRunner() {
  useEffect(() => {
    const stop = siteOutbox.start();
    const unsubscribe = siteOutbox.subscribe((e) => {
      if (e.type === "delivered")
        toast.success(contactMessages.delivered.title, { description: contactMessages.delivered.description });
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, []);
  return null;
}
