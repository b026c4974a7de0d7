/** The four services on the landing page. `action` says what clicking the card does (spec §2). */
export type ServiceAction = "voice" | "chat" | "automation-demo" | "none";
export type ServiceIcon = "mic" | "message" | "workflow" | "compass";

export type ServiceId = "ai-voice-agents" | "virtual-assistant" | "automation" | "strategy-consultation";

/** The four services' names, the same everywhere (the spec's /kom-igang titles). */
export const serviceTitles: Record<ServiceId, string> = {
  "ai-voice-agents": "AI-Röstagenter",
  "virtual-assistant": "Virtuell Assistent",
  automation: "Automation",
  "strategy-consultation": "AI-Strategikonsultation",
};

export interface LandingService {
  id: ServiceId;
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
    title: serviceTitles["ai-voice-agents"],
    description:
      "Röstagenter som svarar i telefon dygnet runt, bokar möten och kvalificerar leads med naturlig svenska.",
    features: ["Svarar på 0,3 sekunder", "Bokar möten i din kalender", "Kopplar vidare till rätt person"],
    action: "voice",
    actionLabel: "Prata med Emma",
  },
  {
    id: "virtual-assistant",
    icon: "message",
    title: serviceTitles["virtual-assistant"],
    description: "Chattassistenter på webben som svarar på kundernas frågor, fångar leads och avlastar er kundtjänst.",
    features: ["Tränas på ert eget material", "Samlar in kontaktuppgifter", "Lämnar över till människa vid behov"],
    action: "chat",
    actionLabel: "Chatta med Emma",
  },
  {
    id: "automation",
    icon: "workflow",
    title: serviceTitles.automation,
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
    title: serviceTitles["strategy-consultation"],
    description:
      "Vi kartlägger var AI ger störst effekt i er verksamhet och tar fram en realistisk plan för införandet.",
    features: ["Nulägesanalys och prioritering", "Kalkyl för avkastning", "Plan för säkerhet och GDPR"],
    action: "none",
  },
];
