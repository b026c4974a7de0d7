import { createOutbox } from "./outbox";

/** The site's one outbox; the EmailJS adapter loads only when something is sent. */
export const siteOutbox = createOutbox({
  send: async (target, params) => (await import("./email-client")).sendEmail(target, params),
});
