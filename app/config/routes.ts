// The one list of the site's pages: routes, prerender, sitemap and browser tests read it.
export interface SitePage {
  path: string;
  /** The route module, relative to app/. */
  module: string;
  /** Swedish <title> (the site name is appended by `pageMeta`). */
  title: string;
  /** Swedish meta description. */
  description: string;
  /** A text that must be in the prerendered HTML of the page (checked by the browser tests). */
  keyText: string;
}

export const sitePages: readonly SitePage[] = [
  {
    path: "/",
    module: "routes/home.tsx",
    title: "AI-röstagenter, chattbottar och automation för företag",
    description:
      "Vi bygger AI-röstagenter, virtuella assistenter, automation och AI-strategi för svenska företag. Prata med Emma, vår AI-assistent, eller boka ett möte.",
    keyText: "Banbrytande AI för företag och framtid",
  },
  {
    path: "/kom-igang",
    module: "routes/kom-igang.tsx",
    title: "Kom igång",
    description:
      "Välj tjänst – AI-röstagenter, virtuell assistent, automation eller AI-strategi – och skicka en förfrågan. Vi återkommer inom en arbetsdag.",
    keyText: "Skicka förfrågan",
  },
  {
    path: "/om-oss",
    module: "routes/om-oss.tsx",
    title: "Om oss",
    description:
      "Vi är ett AI-konsultbolag i Stockholm som hjälper företag att använda AI på riktigt: vår historia, våra värderingar och vårt uppdrag.",
    keyText: "Vår historia",
  },
  {
    path: "/demo",
    module: "routes/demo.tsx",
    title: "AI Demo Center",
    description:
      "Testa Emma, vår AI-assistent: ställ en fråga i text, läs om röstagenten och se hur AI automatiserar e-post – direkt i webbläsaren.",
    keyText: "AI Demo Center",
  },
  {
    path: "/automation-demo",
    module: "routes/automation-demo.tsx",
    title: "Demo: AI-automation av e-post",
    description:
      "Se hur AI tar emot ett lead via mejl, analyserar det och skriver ett personligt svar på under en sekund. En demo med exempeldata.",
    keyText: "Se AI svara på ett lead",
  },
  {
    path: "/privacy-policy",
    module: "routes/privacy-policy.tsx",
    title: "Integritetspolicy",
    description: "Så behandlar vi personuppgifter enligt GDPR när du använder vår webbplats, chatt och röstassistent.",
    keyText: "Integritetspolicy",
  },
  {
    path: "/terms-of-service",
    module: "routes/terms-of-service.tsx",
    title: "Användarvillkor",
    description: "Villkoren för att använda vår webbplats och våra AI-assistenter. Svensk lag gäller.",
    keyText: "Användarvillkor",
  },
  {
    path: "/cookie-policy",
    module: "routes/cookie-policy.tsx",
    title: "Cookiepolicy",
    description: "Vilka cookies och liknande lagring vi använder: nödvändiga, funktionella och analytiska.",
    keyText: "Cookiepolicy",
  },
];

/** The path whose prerendered HTML is the 404 page (served with status 404 for unknown paths). */
export const notFoundPath = "/404";

export const prerenderPaths: string[] = [...sitePages.map((p) => p.path), notFoundPath];

// The operator's page has a module of its own: the page shell reads it without the list above.
export { adminPath } from "./admin-path";
