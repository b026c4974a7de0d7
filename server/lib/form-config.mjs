// build/forms.json, from the app's own modules so no Swedish string is written twice (decision 012).
import { toolDefinitions } from "../emma/tool-definitions.mjs";

function fields(rules, messages) {
  return Object.entries(rules).map(([name, rule]) => ({
    name,
    label: rule.label,
    required: Boolean(rule.required),
    email: Boolean(rule.email),
    phone: Boolean(rule.phone),
    max: rule.max,
    messages: {
      required: messages.required(rule.label),
      tooLong: messages.tooLong(rule.max),
      email: messages.email,
      phone: messages.phone,
    },
  }));
}

/** @param {{ chat: any, voiceAssistant: any, contactForm: any, site: any, email: any }} m */
export function callConfig({ chat, voiceAssistant, contactForm, site, email }) {
  const c = voiceAssistant.callAssistantCopy;
  // A number as the voice model writes it is kept: a caller is never refused over its format.
  const rules = {
    ...chat.leadFields,
    phone: { ...chat.leadFields.phone, phone: false },
    message: { label: c.lead.about, max: contactForm.fieldLimits.message },
  };
  return {
    template: email.emailSettings.templates.lead,
    salesEmail: site.site.salesEmail,
    fields: fields(rules, contactForm.validationMessages),
    tools: {
      search: { name: c.search.name, question: c.search.question.name },
      contact: {
        name: c.contact.name,
        fields: Object.fromEntries(Object.entries(c.contact.fields).map(([k, v]) => [k, v.name])),
      },
    },
    results: {
      ...c.results,
      found: c.results.found("{title}", "{text}"),
      saved: c.results.saved("{name}"),
      invalid: c.results.invalid("{problems}"),
    },
    lead: {
      subject: c.lead.subject("{name}"),
      message: c.lead.message("{name}"),
      source: c.lead.source,
      about: c.lead.about,
    },
  };
}

/** @param {{ contactForm: any, emailMessages: any, landing: any, formPost: any, site: any, email: any,
 *   notification?: any, chat?: any, voiceAssistant?: any, admin?: any, booking?: any, emmaTools?: any, takeover?: any }} m formConfigModules, loaded */
export function formConfig({
  contactForm,
  emailMessages,
  landing,
  formPost,
  site,
  email,
  notification,
  chat,
  voiceAssistant,
  admin,
  booking,
  emmaTools,
  takeover,
}) {
  const { contactFormCopy: cc, getStartedCopy: gc, fieldLimits: limits, validationMessages } = contactForm;
  const { contactMessages } = emailMessages;
  const { formPostCopy } = formPost;
  return {
    ...(chat && voiceAssistant ? { call: callConfig({ chat, voiceAssistant, contactForm, site, email }) } : {}),
    ...(voiceAssistant && emmaTools
      ? {
          emma: {
            tools: toolDefinitions({
              call: voiceAssistant.callAssistantCopy,
              booking: booking?.bookingCopy.voice,
              chat: emmaTools.emmaToolsCopy,
            }),
            rule: emmaTools.emmaToolsCopy.rule,
            results: emmaTools.emmaToolsCopy.results,
            handoff: emmaTools.emmaToolsCopy.handoff.name,
            wish: emmaTools.emmaToolsCopy.wish.name,
            kind: emmaTools.emmaToolsCopy.kind.name,
          },
        }
      : {}),
    ...(booking
      ? {
          booking: {
            company: site.site.name,
            salesEmail: site.site.salesEmail,
            siteUrl: site.site.url,
            mail: booking.bookingCopy.mail,
            page: booking.bookingCopy.page,
            voice: booking.bookingCopy.voice,
          },
        }
      : {}),
    subjects: {
      contact: cc.subject("{name}"),
      "get-started": gc.subject("{service}"),
      ...(chat ? { lead: chat.chatCopy.lead.subject("{name}") } : {}),
      ...(voiceAssistant ? { samtal: voiceAssistant.callAssistantCopy.lead.subject("{name}") } : {}),
    },
    siteName: site.site.name,
    siteUrl: site.site.url,
    salesEmail: site.site.salesEmail,
    notification: notification?.leadNotificationCopy,
    ...(admin ? { admin: admin.adminServerCopy } : {}),
    ...(takeover ? { takeover: takeover.takeoverMailCopy } : {}),
    templates: email.emailSettings.templates,
    copy: {
      backHome: formPostCopy.backHome,
      errorSummary: formPostCopy.errorSummary,
      // The minutes are filled in by the server.
      rateLimited: formPostCopy.rateLimited(999).replace("999", "{minutes}"),
      rateLimitedOne: formPostCopy.rateLimited(1),
      unavailable: formPostCopy.unavailable,
      required: cc.required,
      honeypot: cc.honeypot,
    },
    forms: {
      contact: {
        heading: landing.contactCopy.heading,
        submit: cc.submit,
        template: email.emailSettings.templates.contact,
        thanks: contactMessages.contactSuccess,
        // The same rules as the landing contact form (app/features/contact/contact-form.tsx).
        fields: fields(
          {
            firstName: { label: cc.firstName, required: true, max: limits.name },
            lastName: { label: cc.lastName, required: true, max: limits.name },
            email: { label: cc.email, required: true, email: true, max: limits.email },
            company: { label: cc.company, max: limits.company },
            message: { label: cc.message, required: true, max: limits.message },
          },
          validationMessages,
        ),
      },
      "get-started": {
        heading: gc.heading,
        submit: gc.submit,
        template: email.emailSettings.templates["get-started"],
        thanks: contactMessages.getStartedSuccess,
        servicesLegend: gc.servicesLegend,
        detailsLegend: gc.detailsLegend,
        noService: contactMessages.noService,
        // The same rules as /kom-igang (app/features/contact/get-started-form.tsx).
        fields: fields(
          {
            name: { label: gc.name, required: true, max: limits.name },
            email: { label: gc.email, required: true, email: true, max: limits.email },
            company: { label: gc.company, max: limits.company },
            phone: { label: gc.phone, phone: true, max: limits.phone },
            message: { label: gc.message, max: limits.message },
          },
          validationMessages,
        ),
        services: contactForm.getStartedServices.map((s) => ({ id: s.id, title: s.title, description: s.description })),
      },
    },
  };
}

export const formConfigModules = {
  contactForm: "app/content/contact-form.ts",
  emailMessages: "app/content/email-messages.ts",
  landing: "app/content/landing.ts",
  formPost: "app/content/form-post.ts",
  site: "app/config/site.ts",
  email: "app/config/email.ts",
  notification: "app/content/lead-notification.ts",
  chat: "app/content/chat.ts",
  voiceAssistant: "app/content/voice-assistant.ts",
  admin: "app/content/admin.ts",
  booking: "app/content/booking.ts",
  emmaTools: "app/content/emma-tools.ts",
  takeover: "app/content/takeover-mail.ts",
};
