import type { Page, Route } from "@playwright/test";
import { expectedContactParams, expectedGetStartedParams, keptParams, pastMinFillTime } from "./contact-helpers";
import { expect, hydrated, test } from "./fixtures";
import { inboxFrom } from "./inbox-helpers";

/**
 * What a visitor types before the page's JavaScript has run stays there once it runs, and is
 * sent as typed. The scripts are held back until the fields are filled, as on a slow phone.
 */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

async function notHydrated(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
}

test("landing contact form: fields filled before hydration are kept, then sent as typed", async ({
  page,
  consoleErrors,
}) => {
  await page.clock.install();
  const release = await holdScripts(page);
  await page.goto("/#contact", { waitUntil: "domcontentloaded" });
  const form = page.locator("#contact form");
  const email = `anna.${Date.now()}@firma.se`;
  const typed = { firstName: "Anna", lastName: "Berg", email, company: "Firma AB", message: "Skrivet före skripten." };
  for (const [name, value] of Object.entries(typed)) await form.locator(`[name=${name}]`).fill(value);
  await notHydrated(page);
  await release();
  await hydrated(page);
  for (const [name, value] of Object.entries(typed)) await expect(form.locator(`[name=${name}]`)).toHaveValue(value);
  await expect(form.getByText(`${typed.message.length}/2000`)).toBeVisible();
  // A render after hydration (a keystroke) must not write an empty state over the other fields.
  await form.locator("[name=company]").press("End");
  await form.locator("[name=company]").pressSequentially("!");
  await expect(form.locator("[name=firstName]")).toHaveValue("Anna");
  await expect(form.locator("[name=message]")).toHaveValue(typed.message);

  await pastMinFillTime(page);
  await form.getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(page.getByText("Tack för ditt meddelande!")).toBeVisible();
  await expect.poll(async () => (await inboxFrom(email)).length).toBe(1);
  const [stored] = await inboxFrom(email);
  expect(stored!.template_params).toMatchObject({
    ...keptParams(expectedContactParams),
    from_email: email,
    company: "Firma AB!",
    message: typed.message,
  });
  expect(consoleErrors).toEqual([]);
});

test("/kom-igang: the chosen service card and the fields filled before hydration are kept, then sent", async ({
  page,
  consoleErrors,
}) => {
  await page.clock.install();
  const release = await holdScripts(page);
  await page.goto("/kom-igang", { waitUntil: "domcontentloaded" });
  const email = `erik.${Date.now()}@lund.se`;
  const typed = {
    name: "Erik Lund",
    email,
    company: "Lund & Co",
    phone: "070-123 45 67",
    message: "Vi vill automatisera kundtjänsten.",
  };
  await page.locator("main").getByText("Automation", { exact: true }).click();
  for (const [name, value] of Object.entries(typed)) await page.locator(`form [name=${name}]`).fill(value);
  await notHydrated(page);
  await release();
  await hydrated(page);
  await expect(page.getByRole("radio", { name: /Automation/ })).toBeChecked();
  for (const [name, value] of Object.entries(typed))
    await expect(page.locator(`form [name=${name}]`)).toHaveValue(value);
  await page.locator("form [name=phone]").press("End");
  await page.locator("form [name=phone]").pressSequentially("8");
  await expect(page.getByRole("radio", { name: /Automation/ })).toBeChecked();
  await expect(page.locator("form [name=name]")).toHaveValue("Erik Lund");

  await pastMinFillTime(page);
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  await expect(page.getByText("Tack för din förfrågan!")).toBeVisible();
  await expect.poll(async () => (await inboxFrom(email)).length).toBe(1);
  const [stored] = await inboxFrom(email);
  expect(stored!.template_params).toMatchObject({
    ...keptParams(expectedGetStartedParams),
    from_email: email,
    phone: "070-123 45 678",
  });
  expect(consoleErrors).toEqual([]);
});
