import { site } from "~/config/site";

/** The sales team's notification of a new message (server/adapters/notify/content.mjs, via build/forms.json). */
export const leadNotificationCopy = {
  fallbackSubject: "Nytt meddelande från webbplatsen",
  kinds: {
    contact: "Kontaktformuläret",
    "get-started": "Kom igång",
    lead: "Emmas chatt",
    samtal: "Samtal med Emma",
    conversation: "Chatten, till en säljare",
  },
  labels: {
    kind: "Källa",
    from_name: "Namn",
    company: "Företag",
    from_email: "E-post",
    phone: "Telefon",
    selected_service: "Tjänst",
    page: "Sida",
    received: "Mottaget",
    message: "Meddelande",
    conversation: "Konversationen med Emma",
    meeting: "Bokat möte",
  },
  suspectedSpam: "MISSTÄNKT SPAM: skickat snabbare än en människa fyller i formuläret.",
  noJs: "Skickat utan JavaScript.",
  /** A booking held for the team's approval (decision 062). */
  meetingPending: `VÄNTAR PÅ GODKÄNNANDE: tiden är reserverad men mötet är inte bekräftat, och ingenting har skickats till besökarens adress. Godkänn eller avböj under Möten: ${site.url}/admin/moten`,
} as const;

export type LeadNotificationCopy = typeof leadNotificationCopy;
