// The build's forms.json (server/lib/form-config.mjs) from the app's own modules, with the free
// meeting's copy: for the booking tests, in Vitest (which reads the TypeScript modules).
import * as site from "~/config/site";
import * as email from "~/config/email";
import * as booking from "~/content/booking";
import * as chat from "~/content/chat";
import * as contactForm from "~/content/contact-form";
import * as emailMessages from "~/content/email-messages";
import * as formPost from "~/content/form-post";
import * as landing from "~/content/landing";
import * as notification from "~/content/lead-notification";
import * as voiceAssistant from "~/content/voice-assistant";
import * as emmaTools from "~/content/emma-tools";
import { formConfig } from "../lib/form-config.mjs";

export const bookingForms = formConfig({
  contactForm,
  emailMessages,
  landing,
  formPost,
  site,
  email,
  notification,
  chat,
  voiceAssistant,
  booking,
  emmaTools,
});
