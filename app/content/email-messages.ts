import { site } from "~/config/site";

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
  pendingNote: (n: number) =>
    n === 1 ? "1 meddelande väntar på att skickas." : `${n} meddelanden väntar på att skickas.`,
} satisfies Record<string, ToastText | ((n: number) => string)>;
