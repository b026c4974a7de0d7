import { isLocalInbox, sendToInbox } from "./local-inbox";
import { createOutbox } from "./outbox";

/** The site's one outbox; the EmailJS adapter loads only when something is sent to EmailJS. */
export const siteOutbox = createOutbox({
  send: async (target, params) =>
    isLocalInbox(target) ? sendToInbox(target, params) : (await import("./email-client")).sendEmail(target, params),
});
