/** The four services on the landing page. `action` says what clicking the card does (spec §2). */
export type ServiceAction = "voice" | "chat" | "automation-demo" | "none";
export type ServiceIcon = "mic" | "message" | "workflow" | "compass";

export interface LandingService {
  id: "ai-voice-agents" | "virtual-assistant" | "automation" | "strategy-consultation";
  icon: ServiceIcon;
  title: string;
  description: string;
  features: string[];
  action: ServiceAction;
  /** What the card's call to action says, for cards that do something. */
  actionLabel?: string;
}

export const landingServices: LandingService[] = [
  {
    id: "ai-voice-agents",
    icon: "mic",
    title: "AI-röstassistenter",
    description:
      "Röstagenter som svarar i telefon dygnet runt, bokar möten och kvalificerar leads med naturlig svenska.",
    features: ["Svarar på 0,3 sekunder", "Bokar möten i din kalender", "Kopplar vidare till rätt person"],
    action: "voice",
    actionLabel: "Prata med Emma",
  },
  {
    id: "virtual-assistant",
    icon: "message",
    title: "Virtuella assistenter och chattbottar",
    description: "Chattassistenter på webben som svarar på kundernas frågor, fångar leads och avlastar er kundtjänst.",
    features: ["Tränas på ert eget material", "Samlar in kontaktuppgifter", "Lämnar över till människa vid behov"],
    action: "chat",
    actionLabel: "Chatta med Emma",
  },
  {
    id: "automation",
    icon: "workflow",
    title: "AI-automation",
    description: "Automatiserade flöden som sorterar e-post, skriver personliga svar och för in data i era system.",
    features: [
      "Svar på inkommande leads direkt",
      "Integration med CRM och e-post",
      "40 % mindre tid på administration",
    ],
    action: "automation-demo",
    actionLabel: "Se automationsdemon",
  },
  {
    id: "strategy-consultation",
    icon: "compass",
    title: "AI-strategikonsultation",
    description:
      "Vi kartlägger var AI ger störst effekt i er verksamhet och tar fram en realistisk plan för införandet.",
    features: ["Nulägesanalys och prioritering", "Kalkyl för avkastning", "Plan för säkerhet och GDPR"],
    action: "none",
  },
];
