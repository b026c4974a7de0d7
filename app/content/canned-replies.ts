import { site } from "~/config/site";
import { genitive } from "~/lib/genitive";

// Emma's canned answers (spec §4, §9), tried in this order; a match makes no AI request. A
// keyword's '*' allows endings (app/lib/keyword-match.ts).
export type ReplyGroup =
  | "greeting"
  | "pricing"
  | "implementation"
  | "support"
  | "customization"
  | "languages"
  | "security"
  | "weather"
  | "capabilities";

export interface CannedReplyGroup {
  group: ReplyGroup;
  keywords: string[];
  reply: string;
  /** A suggestion chip that asks about this topic, shown on the chat's first open. */
  suggestion?: string;
  /** Answers only a message with nothing else to answer ("hej!", not "hej, var ligger ni?"). */
  alone?: boolean;
  /** About getting in touch (a quote): in the chat Emma also names the lead form. */
  lead?: boolean;
}

/** The knowledge passage of a group's topic (app/content/knowledge.ts), when it has one. */
export const cannedPassageId = (group: ReplyGroup): string => `canned-${group}`;

export const cannedReplyGroups: CannedReplyGroup[] = [
  {
    group: "pricing",
    lead: true,
    keywords: ["pris*", "kostar", "kostnad*", "offert*", "budget*", "vad tar ni"],
    reply:
      "Våra lösningar anpassas efter era behov. En enklare chattassistent börjar ofta kring 15 000 kr i uppstart och en månadsavgift, medan röstagenter och automation prissätts efter volym. En offert får ni inom en arbetsdag.",
    suggestion: "Vad kostar det?",
  },
  {
    group: "implementation",
    keywords: ["implementer*", "införa", "införande*", "hur lång tid", "tidsplan*", "driftsätt*", "lansera*"],
    reply:
      "En typisk implementation tar 10–20 dagar: vi kartlägger era behov, tränar assistenten på ert material, testar tillsammans med er och går sedan live. Enklare chattbottar kan vara igång på under två veckor.",
    suggestion: "Hur lång tid tar en implementation?",
  },
  {
    group: "support",
    keywords: ["support*", "hjälp", "felanmäl*", "problem", "kundtjänst*", "underhåll*"],
    reply: `Vi ger support på svenska och övervakar era assistenter dygnet runt. Som kund når du oss på ${site.email} eller ${site.phone}, och vi förbättrar lösningen löpande efter lansering.`,
  },
  {
    group: "customization",
    keywords: ["anpassa*", "anpassning*", "skräddarsy*", "varumärke*", "egen röst", "integrer*", "crm"],
    reply:
      "Allt går att anpassa: ton, röst, varumärke och vilka frågor assistenten ska kunna svara på. Vi integrerar också med ert CRM, er kalender och era e-postflöden.",
    suggestion: "Kan ni anpassa lösningen?",
  },
  {
    group: "languages",
    keywords: [
      "språk*",
      "engelska",
      "svenska",
      "flerspråk*",
      "arabiska",
      "finska",
      "norska",
      "danska",
      "tyska",
      "language*",
      "languages",
    ],
    reply:
      "Emma talar och skriver naturlig svenska, och våra assistenter hanterar även engelska och ett trettiotal andra språk – de byter språk automatiskt efter kunden.",
  },
  {
    group: "security",
    keywords: ["säkerhet*", "säker", "säkert", "gdpr", "dataskydd*", "integritet*", "personuppgift*"],
    reply:
      "Säkerhet och GDPR är grunden i allt vi bygger. Data lagras inom EU när det är möjligt, vi tecknar personuppgiftsbiträdesavtal och ni bestämmer själva hur länge konversationer sparas.",
    suggestion: "Hur hanterar ni GDPR?",
  },
  {
    group: "weather",
    keywords: ["väder", "vädret", "regn*", "snö*", "temperatur*", "solsken"],
    reply:
      "Jag kan tyvärr inte se vädret, men jag kan lova att våra AI-assistenter jobbar lika bra i regn som i solsken – dygnet runt! Finns det något om våra tjänster jag kan hjälpa dig med?",
  },
  {
    group: "capabilities",
    keywords: [
      "vad kan du",
      "vad gör du",
      "vad gör ni",
      "vilka tjänster",
      "tjänster",
      "funktioner",
      "kan ni hjälpa",
      "what do you do",
      "what can you do",
    ],
    reply:
      "Jag kan berätta om våra fyra tjänster: AI-röstagenter som svarar i telefon, chattassistenter som den du pratar med nu, AI-automation av till exempel e-post och leads, samt AI-strategi. Jag kan också ta emot dina kontaktuppgifter så att en rådgivare hör av sig.",
    suggestion: "Vad kan du hjälpa till med?",
  },
  {
    group: "greeting",
    alone: true,
    keywords: ["hej", "hejsan", "hallå", "tjena", "tja", "god morgon", "god dag", "god kväll", "hello", "hi"],
    reply: `Hej! Jag är Emma, ${genitive(site.name)} AI-assistent. Jag kan berätta om våra röstagenter, chattbottar, automation och AI-strategi. Vad vill du veta?`,
  },
];

/** The /demo text demo's answer when no group matches (the demo never calls an AI provider). */
export const demoDefaultReply =
  "Bra fråga! I den riktiga tjänsten svarar jag med hjälp av AI utifrån ert eget material. Prova att fråga om pris, implementation, säkerhet eller språk – eller kontakta oss så berättar vi mer.";
