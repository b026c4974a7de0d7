import { site } from "~/config/site";

/** Swedish copy of the landing page sections. */
export const heroCopy = {
  eyebrow: "AI-konsulter i Stockholm",
  heading: "Banbrytande AI för företag och framtid",
  lead: "Vi bygger röstagenter, chattassistenter och automation som svarar kunder direkt, fångar varje lead och frigör tid för det som kräver en människa.",
  servicesButton: "Utforska våra tjänster",
  demoButton: "Se demo",
} as const;

export const servicesCopy = {
  heading: "Våra tjänster",
  lead: "Fyra sätt att låta AI göra verklig nytta – från första kundkontakt till strategi.",
  noActionNote: "Kontakta oss för en kostnadsfri genomgång.",
} as const;

export const quotesCopy = {
  heading: "Tankar om AI och framtiden",
  pause: "Pausa citaten",
  play: "Spela upp citaten",
  previous: "Föregående citat",
  next: "Nästa citat",
  pickerLabel: "Välj citat",
  pickQuote: (n: number, total: number) => `Visa citat ${n} av ${total}`,
} as const;

export const aboutCopy = {
  heading: "Om oss",
  lead: `Vi är ett team av utvecklare, språkteknologer och strateger som sedan ${site.foundedYear} hjälper svenska företag att använda AI där det gör skillnad: i kundmötet, i vardagens administration och i besluten.`,
  body: "Vi tror på AI som är ärlig, mätbar och byggd för svenska förhållanden – med GDPR och era kunders förtroende som utgångspunkt.",
  more: "Läs mer om oss",
} as const;

export const contactCopy = {
  heading: "Kontakta oss",
  lead: "Berätta vad ni vill uppnå så återkommer vi inom en arbetsdag.",
  emailLabel: "E-post",
  phoneLabel: "Telefon",
  cityLabel: "Besök",
} as const;

/** The hero's product scene (decorative, hidden from screen readers): what a talk with Emma looks like. */
export const heroSceneCopy = {
  name: "Emma",
  role: "Din AI-assistent",
  online: "Online",
  question: "Hej! Kan ni svara våra kunder på kvällar och helger?",
  answer: "Absolut. Jag svarar dygnet runt på svenska, besvarar frågor och bokar möten direkt i er kalender.",
  booked: "Möte bokat · torsdag 10:00",
  callTitle: "Samtal med Emma",
  callStatus: "Emma pratar",
  callTime: "00:42",
  transcript: "”… då bokar jag in er på torsdag klockan tio.”",
} as const;
