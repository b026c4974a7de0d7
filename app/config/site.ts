import { envString } from "./env";

const env = import.meta.env;

export interface SocialLink {
  label: string;
  href: string;
}

/** Company details in one place. Every value can be overridden at build time (see .env.example). */
export const site = {
  name: envString(env.VITE_COMPANY_NAME, "Nordlys AI"),
  url: envString(env.VITE_SITE_URL, "https://www.nordlysai.se").replace(/\/$/, ""),
  email: envString(env.VITE_COMPANY_EMAIL, "hej@nordlysai.se"),
  phone: envString(env.VITE_COMPANY_PHONE, "+46 8 123 45 67"),
  city: envString(env.VITE_COMPANY_CITY, "Stockholm"),
  /** Where contact requests and Emma's leads are delivered. */
  salesEmail: envString(env.VITE_SALES_EMAIL, "salj@nordlysai.se"),
  articlesUrl: envString(env.VITE_ARTICLES_URL, "https://artiklar.nordlysai.se"),
  social: [
    { label: "LinkedIn", href: envString(env.VITE_SOCIAL_LINKEDIN, "https://www.linkedin.com/company/nordlysai") },
    { label: "Instagram", href: envString(env.VITE_SOCIAL_INSTAGRAM, "https://www.instagram.com/nordlysai") },
    { label: "YouTube", href: envString(env.VITE_SOCIAL_YOUTUBE, "https://www.youtube.com/@nordlysai") },
  ] satisfies SocialLink[],
  copyrightYear: 2024,
  /** The year the company started (the about texts and Emma's fact sheet). */
  foundedYear: 2019,
} as const;

/** `tel:` link target for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
