import type { Stat } from "./stats";

// Copy and sample data of /demo and /automation-demo (spec §2–§4, §9): all simulated, nothing sent.

// /demo – AI Demo Center

export type DemoFeatureIcon = "message" | "mic" | "mail" | "chart";

export interface DemoFeature {
  icon: DemoFeatureIcon;
  title: string;
  text: string;
}

export const demoCenterCopy = {
  eyebrow: "Prova själv",
  heading: "AI Demo Center",
  lead: "Här kan du testa hur Emma svarar på frågor, hur hon låter i telefon och hur AI sköter inkommande e-post – med exempeldata, direkt i webbläsaren.",
  featuresHeading: "Det här kan våra AI-lösningar",
} as const;

export const demoFeatures: DemoFeature[] = [
  {
    icon: "message",
    title: "Naturliga samtal i text",
    text: "Emma förstår frågor på vardaglig svenska och svarar kort, vänligt och korrekt – dygnet runt.",
  },
  {
    icon: "mic",
    title: "Röstagent i telefon och webb",
    text: "Samma assistent kan ta samtal, svara på frågor och boka möten med naturlig röst.",
  },
  {
    icon: "mail",
    title: "Automatiserad e-post",
    text: "Inkommande mejl sorteras, analyseras och besvaras med personliga svar på sekunder.",
  },
  {
    icon: "chart",
    title: "Insikter i realtid",
    text: "Varje konversation ger data om vad kunderna frågar efter, så att ni kan förbättra erbjudandet.",
  },
];

export const textDemoCopy = {
  heading: "Fråga Emma i text",
  lead: "Ställ en fråga om våra tjänster, till exempel om pris, implementation, säkerhet eller språk.",
  label: "Din fråga till Emma",
  placeholder: "Vad kostar en AI-assistent?",
  submit: "Fråga Emma",
  idle: "Emmas svar visas här.",
  thinking: "Emma tänker...",
  youAsked: "Du frågade:",
  emmaAnswers: "Emma svarar:",
  answeredToast: "Emma svarade! ✨",
  readMore: "Läs mer",
} as const;

export const voiceInfoCopy = {
  heading: "Prata med Emma",
  text: "Emma kan också ta samtal. Tryck på knappen nedan, eller på röstknappen nere till höger, för att prata med henne direkt i webbläsaren.",
  note: "Du behöver en mikrofon, och webbläsaren frågar om lov innan samtalet startar.",
  /** The card's text as Emma says it in the chat, where the card's buttons are not on screen. */
  chatText: "Emma kan också ta samtal: i AI Demo Center ringer du henne direkt i webbläsaren.",
  button: "Ring Emma",
  /** The card's picture of a call (an example, marked as one). */
  sample: {
    label: "Exempel på ett samtal",
    status: "Samtal pågår",
    speaking: "Emma pratar",
    time: "01:12",
    caller: "Du",
    callerLine: "Kan ni ta emot bokningar på kvällen?",
    emma: "Emma",
    emmaLine: "Ja, jag svarar dygnet runt och lägger mötet direkt i er kalender.",
  },
} as const;

export const emailDemoCopy = {
  heading: "E-postautomation",
  lead: "Se hur AI tar hand om ett inkommande mejl från början till slut – utan att någon behöver lyfta ett finger.",
  start: "Starta AI-automation",
  stepsLabel: "Automationens steg",
  idleStatus: "Tryck på Starta AI-automation för att köra demon.",
  doneStatus: "Klart! Alla fem steg är slutförda.",
  stepStatus: (n: number, total: number, label: string) => `Steg ${n} av ${total}: ${label}`,
  startedToast: "AI Demo startar",
  startedToastDescription: "Följ stegen när AI:n hanterar ett inkommande mejl.",
  doneToast: "E-mail automation slutförd! 📧",
  doneToastDescription: "Mejlet är analyserat, besvarat och loggat i CRM.",
  /** The inbox beside the steps: the sample e-mail and Emma's answer as the steps reach them. */
  inbox: {
    label: "Inkorgen i demon",
    empty: "Inget mejl ännu.",
    from: "Från",
    subject: "Ämne",
    priority: "Prioritet",
    draftHeading: "Svar från Emma",
    draftWaiting: "Svaret skrivs när mejlet är analyserat.",
    writing: "Skriver…",
    drafted: "Utkast",
    sent: "Skickat",
  },
} as const;

/** The email demo's five progress steps, one every 1500 ms (spec §4, §9). */
export const emailDemoSteps: string[] = [
  "Tar emot inkommande e-post",
  "Analyserar innehåll och avsikt",
  "Hämtar kundhistorik från CRM",
  "Skriver ett personligt svar",
  "Skickar svaret och bokar uppföljning",
];

/** How a progress step's state is read out next to its label. */
export const stepStateLabels = {
  done: "klart",
  active: "pågår",
  waiting: "väntar",
} as const;

export const demoCtaCopy = {
  heading: "Vill du se vad AI kan göra för er?",
  text: "Berätta om era behov så visar vi en demo med ert eget material.",
  button: "Kontakta oss",
  href: "/#contact",
} as const;

// /automation-demo – an incoming lead answered by AI

/** Demo email lead (spec §3): fixed sample data. */
export interface DemoEmailLead {
  from: string;
  subject: string;
  content: string;
  received: string;
  urgency: string;
}

/** Demo reply (spec §3): fixed sample data. */
export interface DemoEmailReply {
  content: string;
  responseTime: string;
  personalization: string;
  sentiment: string;
}

export const demoLead: DemoEmailLead = {
  from: "Anna Lindqvist <anna.lindqvist@nordbygg.se>",
  subject: "AI för vår kundtjänst?",
  content:
    "Hej! Vi är ett byggföretag i Uppsala med 45 anställda och får runt 200 kundförfrågningar i veckan via telefon och mejl. Många hinner vi inte svara på samma dag. Vi har en budget på 50-100k per månad och vill gärna veta hur ni skulle lägga upp det. Mvh Anna",
  received: "Idag kl. 09:42",
  urgency: "Hög – budget angiven och tydligt köpintresse",
};

export const demoReply: DemoEmailReply = {
  content:
    "Hej Anna! Tack för ditt mejl. Med 200 förfrågningar i veckan kan en AI-assistent svara era kunder direkt, dygnet runt, och boka platsbesök i er kalender. Med er budget på 50-100k per månad ryms både en chattassistent på webben och en röstagent i telefon. Har du 15 minuter på torsdag för ett kort möte? Vänliga hälsningar, Emma",
  responseTime: "0,3 sekunder",
  personalization: "98\u00a0%",
  sentiment: "Positiv och lösningsorienterad",
};

export const automationDemoCopy = {
  eyebrow: "AI-automation",
  heading: "Se AI svara på ett lead",
  lead: "Ett nytt lead kommer in via mejl. Följ hur AI:n analyserar det och skriver ett personligt svar på under en sekund – exempeldata, inget skickas på riktigt.",
  start: "Starta Demo",
  reset: "Återställ",
  stepsLabel: "Demons steg",
  /** Steps 1–4 (step 0 is idle). */
  steps: ["Nytt lead mottaget", "AI analyserar mejlet", "AI skriver ett personligt svar", "Svaret är skickat"],
  idleStatus: "Redo. Tryck på Starta Demo för att se ett lead besvaras.",
  stepStatus: (n: number, total: number, label: string) => `Steg ${n} av ${total}: ${label}`,
  leadCard: {
    heading: "Inkommande lead",
    waiting: "Inget nytt mejl ännu. Starta demon för att ta emot ett.",
    from: "Från",
    subject: "Ämne",
    received: "Mottaget",
    urgency: "Prioritet",
    content: "Meddelande",
  },
  replyCard: {
    heading: "AI-genererat svar",
    waiting: "Svaret skrivs när AI:n har analyserat mejlet.",
    analysing: "Analyserar mejlet...",
    writing: "AI:n skriver",
    sent: "Skickat",
    responseTime: "Svarstid",
    personalization: "Personalisering",
    sentiment: "Tonläge",
  },
  statsHeading: "Därför spelar snabba svar roll",
  ctaHeading: "Vill du ha samma sak för era leads?",
  ctaText: "På ett kostnadsfritt möte på 15 minuter visar vi hur det skulle fungera hos er.",
  cta: "Boka ett snabbt möte",
  ctaHref: "/kom-igang",
} as const;

/** The static marketing figures under the demo (spec §9). A no-break space keeps number and unit together. */
/** The free first meeting (also in Emma's fact sheet). */
export const freeMeeting: Stat = {
  value: "15\u00a0min",
  label: "kostnadsfritt möte för att se hur det fungerar hos er",
};

export const automationStats: Stat[] = [
  { value: "0,3\u00a0s", label: "svarstid för ett AI-skrivet svar" },
  { value: "21x", label: "högre konvertering när ett lead får svar inom 5 minuter" },
  { value: "78\u00a0%", label: "av kunderna köper av företaget som svarar först" },
  { value: "30\u00a0%", label: "av alla leads kontaktas aldrig" },
  { value: "10x", label: "större risk att tappa leadet om svaret dröjer mer än 5 minuter" },
  { value: "40\u00a0%", label: "mindre tid på administration" },
  { value: "98\u00a0%", label: "personalisering i varje svar" },
  freeMeeting,
];
