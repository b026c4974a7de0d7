import { site } from "~/config/site";
import { genitive } from "~/lib/genitive";
import { emmaSystemPrompt } from "./emma-persona";

/**
 * Emma's Vapi assistant (npm run vapi:assistant) and her two tools' answers (server/routes/call-tools.mjs, via
 * build/forms.json); never in the browser. Tool and argument names are ASCII, as functions' must be.
 */
export const callAssistantCopy = {
  name: `Emma – ${site.name}`,
  firstMessage: `Hej, det är Emma, ${genitive(site.name)} AI-assistent. Vad kan jag hjälpa dig med?`,
  /** Added to the chat's persona: what differs when Emma speaks. */
  voiceRules: [
    "Du pratar med kunden i ett röstsamtal: svara kort, i hela meningar, utan listor, markdown eller webbadresser.",
    "Använd verktyget sok_pa_webbplatsen för varje fråga om företaget, tjänsterna, priser, kontoret eller kontakt, och svara bara utifrån det verktyget ger. Säger det att något inte står på webbplatsen, säg det och erbjud att en rådgivare hör av sig.",
    "Vill kunden bli kontaktad: fråga efter namn, e-post eller telefonnummer, gärna företag och vad det gäller, läs upp uppgifterna för att kontrollera dem och spara dem sedan med verktyget spara_kontaktuppgifter.",
  ].join(" "),
  /** Vapi's end-of-call summary, which the server adds to the call's lead. */
  summaryPrompt:
    "Sammanfatta samtalet på svenska i högst tre meningar för säljteamet: vad kunden ville, vilka uppgifter som lämnades och vad Emma lovade.",
  search: {
    name: "sok_pa_webbplatsen",
    description: `Söker i ${genitive(site.name)} webbplats och ger det som står där om frågan, med sidans namn.`,
    question: { name: "fraga", description: "Kundens fråga, med egna ord." },
  },
  contact: {
    name: "spara_kontaktuppgifter",
    description:
      "Sparar kundens kontaktuppgifter så att en rådgivare hör av sig. Kräver namn och e-post eller telefonnummer.",
    fields: {
      name: { name: "namn", description: "Kundens namn." },
      email: { name: "epost", description: "Kundens e-postadress." },
      phone: { name: "telefon", description: "Kundens telefonnummer." },
      company: { name: "foretag", description: "Företaget kunden representerar." },
      message: { name: "arende", description: "Vad kunden vill ha hjälp med, kort." },
    },
  },
  results: {
    notOnSite: "Det står inte på webbplatsen.",
    found: (title: string, text: string) => `Enligt sidan ${title}: ${text}`,
    saved: (name: string) => `Tack ${name}! Uppgifterna är sparade, och en rådgivare hör av sig inom en arbetsdag.`,
    invalid: (problems: string) => `Uppgifterna sparades inte: ${problems} Fråga kunden igen.`,
    /** Neither an e-mail address nor a phone number: nobody could answer the lead. */
    noWayToReach: "Ange e-post eller telefonnummer.",
    failed: `Uppgifterna kunde inte sparas just nu. Be kunden skriva till ${site.email}.`,
    emptyQuestion: "Frågan saknas.",
    busy: "För många förfrågningar under samtalet just nu. Försök igen om en stund.",
    unknownTool: "Det verktyget finns inte.",
  },
  /** The lead's fields in the inbox, as a chat lead's (app/features/chat/lead.ts). */
  lead: {
    subject: (name: string) => `Nytt lead från Emma i röstsamtal: ${name}`,
    message: (name: string) => `${name} vill bli kontaktad efter ett röstsamtal med Emma.`,
    source: "Emma röstsamtal",
    about: "Ärende",
  },
} as const;

/** The persona Emma's Vapi assistant gets: the chat's, and how to speak and use her tools. */
export function emmaVoicePrompt(): string {
  return `${emmaSystemPrompt()} ${callAssistantCopy.voiceRules}`;
}
