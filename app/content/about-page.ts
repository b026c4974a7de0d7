import { site } from "~/config/site";

/** Copy of /om-oss. */
export const aboutPage = {
  eyebrow: "Om Nordlys AI",
  heading: "Om oss",
  lead: "Vi gör avancerad AI begriplig, trygg och lönsam för svenska företag.",
  story: {
    heading: "Vår historia",
    paragraphs: [
      `Det började ${site.foundedYear} med en enkel fråga från en kund: varför går hälften av alla samtal till växeln obesvarade? Vi byggde en röstassistent som svarade på svenska, dygnet runt – och kunden slutade missa affärer.`,
      "Sedan dess har vi genomfört över 50 AI-projekt, från chattassistenter och röstagenter till automatiserade säljflöden och strategiarbete för ledningsgrupper.",
    ],
  },
  values: {
    heading: "Våra värderingar",
    items: [
      { title: "Ärlighet", text: "Vi lovar bara det vi kan mäta, och vi säger till när AI inte är rätt verktyg." },
      { title: "Trygghet", text: "Dataskydd och GDPR är en del av designen från första dagen, inte ett tillägg." },
      { title: "Nytta", text: "Varje lösning ska spara tid, öka försäljningen eller ge kunderna bättre service." },
      { title: "Partnerskap", text: "Vi stannar kvar efter lansering och förbättrar lösningen tillsammans med er." },
    ],
  },
  mission: {
    heading: "Vårt uppdrag",
    text: "Att ge varje svenskt företag en AI-assistent i världsklass – en som svarar direkt, talar kundens språk och aldrig tappar ett lead.",
  },
  ctaStart: "Kom igång",
  ctaContact: "Kontakta oss",
} as const;
