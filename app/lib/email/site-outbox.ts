import { createOutbox } from "./outbox";

/**
 * The site's one outbox. The EmailJS adapter (and its SDK) is loaded only when something is
 * actually sent, so pages that never send mail do not pay for it.
 */
export const siteOutbox = createOutbox({
  send: async (target, params) => (await import("./email-client")).sendEmail(target, params),
});
