/** Copy and limits of the two contact forms. */
import { freeMeeting } from "./demos";
import { serviceTitles, type ServiceId } from "./services";
export const fieldLimits = {
  name: 100,
  email: 254,
  company: 120,
  phone: 30,
  message: 2000,
} as const;

export const contactFormCopy = {
  firstName: "Förnamn",
  lastName: "Efternamn",
  email: "E-post",
  company: "Företag",
  message: "Meddelande",
  required: "obligatoriskt",
  submit: "Skicka meddelande",
  sending: "Skickar...",
  honeypot: "Lämna det här fältet tomt",
  subject: (name: string) => `Nytt meddelande från ${name}`,
} as const;

export const validationMessages = {
  required: (label: string) => `Fyll i ${label.toLowerCase()}.`,
  email: "Ange en giltig e-postadress, till exempel namn@företag.se.",
  phone: "Ange ett helt telefonnummer, till exempel 070-123 45 67.",
  tooLong: (max: number) => `Högst ${max} tecken.`,
  counter: (used: number, max: number) => `${used}/${max}`,
} as const;

export const getStartedCopy = {
  back: "Tillbaka till startsidan",
  heading: "Kom igång",
  lead: `Välj den tjänst du är intresserad av och berätta kort om ert behov, så hör vi av oss inom en arbetsdag. Första mötet tar ${freeMeeting.value} och är kostnadsfritt.`,
  servicesLegend: "Vilken tjänst är du intresserad av?",
  detailsLegend: "Dina uppgifter",
  name: "Namn",
  email: "E-post",
  company: "Företag",
  phone: "Telefon",
  message: "Berätta om ert behov",
  submit: "Skicka förfrågan",
  sending: "Skickar...",
  subject: (serviceTitle: string) => `Ny förfrågan för ${serviceTitle}`,
} as const;

export interface GetStartedService {
  id: ServiceId;
  title: string;
  description: string;
  icon: "mic" | "message" | "workflow" | "compass";
  /** Tailwind gradient classes of the card's icon. */
  gradient: string;
}

export const getStartedServices: GetStartedService[] = [
  {
    id: "ai-voice-agents",
    title: serviceTitles["ai-voice-agents"],
    description: "Röstassistenter som svarar i telefon dygnet runt och bokar möten.",
    icon: "mic",
    gradient: "from-brand-600 to-accent-600",
  },
  {
    id: "virtual-assistant",
    title: serviceTitles["virtual-assistant"],
    description: "Chattassistent på webben som svarar på frågor och fångar leads.",
    icon: "message",
    gradient: "from-accent-600 to-brand-700",
  },
  {
    id: "automation",
    title: serviceTitles.automation,
    description: "AI som sorterar e-post, skriver svar och för in data i era system.",
    icon: "workflow",
    gradient: "from-brand-700 to-brand-500",
  },
  {
    id: "strategy-consultation",
    title: serviceTitles["strategy-consultation"],
    description: "Kartläggning, prioritering och en realistisk plan för AI i er verksamhet.",
    icon: "compass",
    gradient: "from-ink-800 to-brand-700",
  },
];
