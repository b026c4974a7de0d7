/** Copy of the header, footer and page frame. */
export const shellCopy = {
  skipToContent: "Hoppa till innehållet",
  home: "startsida",
  mainNav: "Huvudmeny",
  mobileNav: "Mobilmeny",
  openMenu: "Öppna menyn",
  closeMenu: "Stäng menyn",
  getStarted: "Kom igång",
  articles: "Artiklar",
  opensInNewTab: "(öppnas i ny flik)",
  footerTagline: "AI-röstagenter, chattassistenter, automation och strategi för svenska företag.",
  footerServices: "Tjänster",
  footerCompany: "Företaget",
  footerLegal: "Juridik",
  footerSocial: "Följ oss",
  rights: "Alla rättigheter förbehållna.",
} as const;

export const notFoundCopy = {
  title: "Sidan hittades inte",
  description: "Sidan du letade efter finns inte.",
  heading: "404",
  /** The spec's English wording; `textLang` says so to screen readers (change both together). */
  text: "Oops! Page not found",
  textLang: "en",
  explanation: "Sidan du letade efter finns inte eller har flyttats.",
  /** The spec's English wording, like `text`. */
  home: "Return to Home",
  homeLang: "en",
} as const;

export const errorCopy = {
  /** The spec's English wording; `headingLang` says so to screen readers (change both together). */
  heading: "Unexpected Application Error!",
  headingLang: "en",
  explanation: "Något gick fel när sidan skulle visas. Försök ladda om sidan eller gå tillbaka till startsidan.",
  reload: "Ladda om sidan",
  home: "Till startsidan",
} as const;
