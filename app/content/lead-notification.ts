/** The sales team's notification of a new message (server/adapters/notify/content.mjs, via build/forms.json). */
export const leadNotificationCopy = {
  fallbackSubject: "Nytt meddelande från webbplatsen",
  kinds: {
    contact: "Kontaktformuläret",
    "get-started": "Kom igång",
    lead: "Emmas chatt",
    samtal: "Samtal med Emma",
  },
  labels: {
    kind: "Källa",
    name: "Namn",
    company: "Företag",
    email: "E-post",
    phone: "Telefon",
    service: "Tjänst",
    page: "Sida",
    received: "Mottaget",
    message: "Meddelande",
    conversation: "Konversationen med Emma",
    meeting: "Bokat möte",
  },
  suspectedSpam: "MISSTÄNKT SPAM: skickat snabbare än en människa fyller i formuläret.",
  noJs: "Skickat utan JavaScript.",
} as const;

export type LeadNotificationCopy = typeof leadNotificationCopy;
