/** Header and footer link data. Hash links point at sections of the landing page. */
import { serviceTitles } from "./services";
export interface NavLink {
  label: string;
  href: string;
}

export const headerLinks: NavLink[] = [
  { label: "Tjänster", href: "/#services" },
  { label: "Om oss", href: "/#about" },
  { label: "Kontakt", href: "/#contact" },
];

export const footerServiceLinks: NavLink[] = [
  { label: serviceTitles["ai-voice-agents"], href: "/#services" },
  { label: serviceTitles["virtual-assistant"], href: "/#services" },
  { label: serviceTitles.automation, href: "/automation-demo" },
  { label: serviceTitles["strategy-consultation"], href: "/#services" },
];

/** Karriär has no target (spec §2): it is rendered as plain text, not as a dead link. */
export const footerCompanyLinks: { label: string; href?: string }[] = [
  { label: "Om oss", href: "/om-oss" },
  { label: "Kontakt", href: "/#contact" },
  { label: "Demo", href: "/demo" },
  { label: "Karriär" },
];

export const footerLegalLinks: NavLink[] = [
  { label: "Integritetspolicy", href: "/privacy-policy" },
  { label: "Användarvillkor", href: "/terms-of-service" },
  { label: "Cookiepolicy", href: "/cookie-policy" },
];
