import { site } from "~/config/site";
import { genitive } from "~/lib/genitive";
import { chatWords } from "./chat-words";
import { fieldLimits } from "./contact-form";

/** Copy of the Emma chat widget (spec §2 'Emma chat widget', §4, §8). */
export const chatCopy = {
  launcherOpen: chatWords.launcherOpen,
  launcherClose: chatWords.launcherClose,
  title: "Emma",
  subtitle: "Din AI-assistent",
  close: "Stäng chatten",
  settings: "Inställningar",
  newConversation: "Ny konversation",
  greeting: `Hej! Jag är Emma, ${genitive(site.name)} AI-assistent. Fråga mig om våra röstagenter, chattbottar, automation eller AI-strategi.`,
  suggestionsLabel: "Förslag på frågor",
  inputPlaceholder: "Skriv din fråga...",
  inputLabel: "Din fråga till Emma",
  send: "Skicka",
  thinking: "Tänker...",
  you: chatWords.you,
  emma: chatWords.emma,
  spoken: "sagt i röstsamtal",
  messagesLabel: "Konversation med Emma",
  /** The scrolling area around the conversation: a Tab stop, so the keyboard can scroll it back. */
  scrollLabel: "Konversationen, rulla med piltangenterna",
  apiKey: {
    heading: "AI-nyckel",
    prompt:
      "Ange en API-nyckel till en AI-leverantör (OpenAI-kompatibel) för smartare svar. Nyckeln sparas bara i din webbläsare.",
    label: "API-nyckel",
    placeholder: "API-nyckel...",
    save: "Spara",
    saved: "Sparat!",
    clear: "Ta bort nyckeln",
    empty: "Ange en nyckel först.",
    invalid: "Nyckeln kan bara innehålla tecknen A–Z, a–z, 0–9 och skiljetecken, utan mellanslag.",
    stored: "En nyckel är sparad.",
  },
  mailConfig: {
    heading: "EmailJS",
    serviceId: "Service ID",
    templateId: "Template ID",
    publicKey: "Public Key",
    save: "Spara EmailJS-konfiguration",
    saved: "Sparat!",
    incomplete: { title: "Fyll i alla fält", description: "Alla EmailJS-fält måste fyllas i." },
    note: (email: string) => `Leads skickas till säljteamet på ${email}.`,
  },
  lead: {
    heading: "Perfekt! Låt mig få dina kontaktuppgifter så kan jag skicka relevant info:",
    name: "Ditt namn",
    email: "E-post",
    phone: "Telefonnummer",
    company: "Företag",
    submit: "Skicka uppgifter",
    sending: "Skickar...",
    later: "Senare",
    thanksMessage: "Tack! Jag har skickat dina uppgifter till vårt team. Vi hör av oss inom kort! 😊",
    queuedMessage:
      "Tack! Jag kunde inte skicka dina uppgifter just nu, men de är sparade och skickas automatiskt så snart det går. 😊",
    subject: (name: string) => `Nytt lead från Emma: ${name}`,
    leadMessage: (name: string) => `${name} vill bli kontaktad efter en konversation med Emma.`,
    source: (page: string) => `Emma chat (${page})`,
    /** First line of a transcript cut to the mail service's size limit. */
    transcriptCut: "(Konversationen var för lång: de tidigaste meddelandena är utelämnade.)",
  },
  replies: {
    needsKey:
      "Jag behöver en API-nyckel för att kunna svara på den frågan. Lägg till en nyckel under Inställningar, eller fråga mig om pris, implementation, säkerhet eller språk – det kan jag svara på direkt.",
    empty: "Hmm, jag hade lite problem... Kan du ställa frågan på ett annat sätt?",
    failed:
      "Förlåt, jag kan inte svara just nu. Försök igen om en stund, eller skriv till oss via kontaktformuläret så hör vi av oss.",
    interrupted: "(Svaret avbröts. Försök igen, eller använd kontaktformuläret.)",
    readMore: "Läs mer",
    leadAck:
      "Vad roligt! Fyll i dina kontaktuppgifter i formuläret här i chatten, så hör en rådgivare av sig inom en arbetsdag.",
    /** To a plain no or thanks ("nej tack"): nothing was asked. */
    declined: "Okej! Säg till om du undrar något mer.",
    /** After an answer about getting in touch, when the lead form is on screen or about to be. */
    leadFormHere: "Vill du att vi hör av oss? Fyll i dina kontaktuppgifter i formuläret här i chatten.",
    /** After such an answer when it is not: a trigger word ('ja') brings the form (spec §4). */
    leadOffer: "Vill du att en rådgivare hör av sig? Svara ja, så får du ett formulär här i chatten.",
    /** Emma is unsure: the questions she may have meant follow as buttons. */
    didYouMean: "Menar du någon av de här frågorna?",
    rateLimited: (wait: string) =>
      `Du har ställt många frågor på kort tid, så jag behöver pausa mina AI-svar en stund. Försök igen ${wait}, eller skriv till oss via kontaktformuläret.`,
    dailyLimit: (wait: string) =>
      `Du har ställt dagens största antal frågor till mig. Försök igen ${wait}, eller skriv till oss via kontaktformuläret så svarar en kollega.`,
    budgetSpent: (wait: string) =>
      `Mina AI-svar är slut för i dag. Försök igen ${wait}, eller skriv till oss via kontaktformuläret så svarar en kollega.`,
    keyRejected:
      "Förlåt, AI-tjänsten godtog inte API-nyckeln, så jag kan inte svara på den frågan just nu. Kontrollera nyckeln under Inställningar, eller skriv till oss via kontaktformuläret så hör vi av oss.",
  },
} as const;

/**
 * The lead form's fields and rules (app/components/ui/validation.ts reads them). The spec leaves
 * required fields open: a lead nobody can answer is no lead, so name and e-mail. Emma's call tool
 * checks with the same rules (server/routes/call-tools.mjs, through build/forms.json).
 */
export const leadFields = {
  name: { label: chatCopy.lead.name, required: true, max: fieldLimits.name },
  email: { label: chatCopy.lead.email, required: true, email: true, max: fieldLimits.email },
  phone: { label: chatCopy.lead.phone, phone: true, max: fieldLimits.phone },
  company: { label: chatCopy.lead.company, max: fieldLimits.company },
} as const;

/** 'om 30 sekunder', 'om 2 minuter', 'om 5 timmar': when to ask again. */
export function retryIn(seconds: number | undefined): string {
  if (!seconds || seconds <= 0) return "om en stund";
  const n = (value: number, one: string, many: string) =>
    `om ${value === 1 ? "en" : value} ${value === 1 ? one : many}`;
  if (seconds < 60) return n(Math.ceil(seconds), "sekund", "sekunder");
  if (seconds < 3600) return n(Math.ceil(seconds / 60), "minut", "minuter");
  return n(Math.ceil(seconds / 3600), "timme", "timmar");
}
