import type { Page } from "@playwright/test";

/** Past the forms' minimum fill time (a bot defence), on the page's fake clock. */
export async function pastMinFillTime(page: Page) {
  await page.clock.fastForward(3000);
}

export async function fillContactForm(page: Page, values: Partial<Record<string, string>> = {}) {
  const v = {
    Förnamn: "Anna",
    Efternamn: "Berg",
    "E-post": "anna@firma.se",
    Företag: "Firma AB",
    Meddelande: "Vi vill veta mer om röstagenter.",
    ...values,
  };
  const form = page.locator("#contact form");
  for (const [label, value] of Object.entries(v)) {
    if (value !== undefined) await form.getByLabel(label, { exact: false }).first().fill(value);
  }
}

/** What the site's inbox keeps of a payload: all but the spec's recipient (to_email), its own. */
export const keptParams = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).filter(([k]) => k !== "to_email"));

export const expectedContactParams = {
  to_email: "salj@nordlysai.se",
  from_name: "Anna Berg",
  from_email: "anna@firma.se",
  company: "Firma AB",
  message: "Vi vill veta mer om röstagenter.",
  subject: "Nytt meddelande från Anna Berg",
};

export async function fillGetStarted(page: Page) {
  await page.locator("input[name=name]").fill("Erik Lund");
  await page.locator("input[name=email]").fill("erik@lund.se");
  await page.locator("input[name=company]").fill("Lund & Co");
  await page.locator("input[name=phone]").fill("070-123 45 67");
  await page.locator("textarea[name=message]").fill("Vi vill automatisera kundtjänsten.");
}

export const expectedGetStartedParams = {
  to_email: "salj@nordlysai.se",
  from_name: "Erik Lund",
  from_email: "erik@lund.se",
  company: "Lund & Co",
  phone: "070-123 45 67",
  selected_service: "Automation",
  message: "Vi vill automatisera kundtjänsten.",
  subject: "Ny förfrågan för Automation",
};
