import { site } from "~/config/site";

/**
 * Pages the server answers a form sent without JavaScript with (server/routes/forms.mjs): a thank-you
 * page, or the form again with its errors. The server reads this copy from the build.
 */
export const formPostCopy = {
  backHome: "Tillbaka till startsidan",
  errorSummary: "Meddelandet skickades inte. Rätta uppgifterna nedan och skicka igen.",
  rateLimited: (minutes: number) =>
    `Du har skickat flera meddelanden på kort tid. Vänta ${minutes === 1 ? "en minut" : `${minutes} minuter`} och skicka sedan igen: dina uppgifter finns kvar nedan.`,
  unavailable: `Vi kunde inte ta emot meddelandet just nu. Försök igen om en stund eller kontakta oss direkt på ${site.email}. Dina uppgifter finns kvar nedan.`,
} as const;
