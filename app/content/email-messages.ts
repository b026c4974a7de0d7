import { site } from "~/config/site";
import type { DeliveryMessage } from "~/lib/email/delivery-notice";

/** Swedish toasts for sending mail (spec §8), as title / description. */
export interface ToastText {
  title: string;
  description?: string;
}

export const contactMessages = {
  contactSuccess: { title: "Tack för ditt meddelande!", description: "Vi kontaktar dig inom kort." },
  getStartedSuccess: { title: "Tack för din förfrågan!", description: "Vi kontaktar dig inom kort." },
  /** Spec §8, destructive: the generic failure. */
  failure: { title: "Något gick fel", description: `Försök igen eller kontakta oss direkt på ${site.email}.` },
  /** 403 from the block list. */
  blocked: {
    title: "Något gick fel",
    description: `E-posttjänsten stoppade meddelandet. Kontakta oss direkt på ${site.email}.`,
  },
  /** 451: the mail service refused an automated browser. */
  headless: {
    title: "Något gick fel",
    description: `E-posttjänsten tar inte emot meddelanden från den här webbläsaren. Kontakta oss direkt på ${site.email}.`,
  },
  /** Transient failures: the message is kept in the outbox and sent later. */
  queuedOffline: {
    title: "Något gick fel",
    description:
      "Ingen anslutning just nu. Ditt meddelande är sparat och vi skickar det så snart anslutningen är tillbaka.",
  },
  queuedRateLimited: {
    title: "Något gick fel",
    description: "För många meddelanden på kort tid. Ditt meddelande är sparat och skickas automatiskt om en stund.",
  },
  queuedServer: {
    title: "Något gick fel",
    description:
      "E-posttjänsten svarar inte just nu. Ditt meddelande är sparat och skickas automatiskt så snart den är tillbaka.",
  },
  delivered: { title: "Meddelandet har skickats", description: "Ditt sparade meddelande har nu kommit fram till oss." },
  throttled: {
    title: "Vänta en stund",
    description: "Du har skickat flera meddelanden på kort tid. Vänta några minuter innan du skickar igen.",
  },
  noService: { title: "Välj en tjänst", description: "Vänligen välj vilken tjänst du är intresserad av." },
  noChannel: {
    title: "Något gick fel",
    description: `Meddelandet kunde inte skickas härifrån. Kontakta oss direkt på ${site.email}.`,
  },
  pendingNote: (n: number) =>
    n === 1 ? "1 meddelande väntar på att skickas." : `${n} meddelanden väntar på att skickas.`,
} satisfies Record<string, ToastText | ((n: number) => string)>;

/** Toasts for Emma's lead (spec §8). */
export const leadMessages = {
  success: { title: "Tack!", description: "Dina uppgifter har skickats till vårt team. Vi hör av oss snart!" },
  failure: { title: "Fel", description: "Kunde inte skicka meddelandet. Försök igen senare." },
  queued: {
    title: "Fel",
    description: "Kunde inte skicka meddelandet just nu. Dina uppgifter är sparade och skickas automatiskt senare.",
  },
  /** Spec §8: no mail channel at all (a static host without EmailJS). */
  missingConfig: { title: "Konfiguration saknas", description: "Vänligen konfigurera EmailJS-inställningar först." },
  throttled: contactMessages.throttled,
} satisfies Record<string, ToastText>;

/** Every delivery message (app/lib/email/delivery-notice.ts picks one), in Swedish. */
export const deliveryMessages = {
  contactSent: contactMessages.contactSuccess,
  getStartedSent: contactMessages.getStartedSuccess,
  leadSent: leadMessages.success,
  throttled: contactMessages.throttled,
  leadNoChannel: leadMessages.missingConfig,
  noChannel: contactMessages.noChannel,
  leadQueued: leadMessages.queued,
  queuedRateLimited: contactMessages.queuedRateLimited,
  queuedServer: contactMessages.queuedServer,
  queuedOffline: contactMessages.queuedOffline,
  leadFailed: leadMessages.failure,
  failed: contactMessages.failure,
  blocked: contactMessages.blocked,
  headless: contactMessages.headless,
  deliveredLater: contactMessages.delivered,
} satisfies Record<DeliveryMessage, ToastText>;
