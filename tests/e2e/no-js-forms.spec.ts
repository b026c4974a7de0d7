import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { axeScan, describeViolations } from "./axe";
import { expect, hydrated, test } from "./fixtures";
import { inboxMessages } from "./inbox-helpers";
import {
  expectedContactParams,
  expectedGetStartedParams,
  fillContactForm,
  fillGetStarted,
  keptParams,
} from "./contact-helpers";

// The forms post to the server (method="post") when no script runs: kept, thanked, no field in a URL.
/** A page without JavaScript that records every URL it asks for or shows. */
async function noJsPage(browser: Browser): Promise<{ page: Page; urls: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  page.on("framenavigated", (f) => urls.push(f.url()));
  return { page, urls, close: () => context.close() };
}

/** Clicks a service card, as a visitor does (its radio button is hidden inside the card's label). */
async function chooseService(page: Page, title: string) {
  await page.locator("label", { has: page.getByRole("radio", { name: title }) }).click();
  await expect(page.getByRole("radio", { name: title })).toBeChecked();
}

function expectNoFieldIn(urls: string[], values: string[]) {
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, " "));
    expect(new URL(url).search, url).toBe("");
    for (const value of values) expect(decoded, url).not.toContain(value);
  }
}

test("landing contact form without JavaScript: kept in the inbox, thanked, no field in any URL", async ({
  browser,
}) => {
  const { page, urls, close } = await noJsPage(browser);
  await page.goto("/#contact");
  const marker = `No-JS ${Date.now()}`;
  await fillContactForm(page, { Meddelande: marker });
  await page.locator("#contact form").getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tack för ditt meddelande!" })).toBeVisible();
  await expect(page.getByText("Vi kontaktar dig inom kort.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Tillbaka till startsidan" })).toHaveAttribute("href", "/");
  expect(await page.locator("html").getAttribute("lang")).toBe("sv");
  expectNoFieldIn([...urls, page.url()], ["anna@firma.se", "Anna", "Berg", marker]);
  const stored = (await inboxMessages()).filter((m) => m.template_params.message === marker);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ noJs: true, template_id: "template_contact" });
  expect(stored[0]?.template_params).toEqual(keptParams({ ...expectedContactParams, message: marker }));
  await close();
});

test("/kom-igang without JavaScript: kept in the inbox, thanked, no field in any URL", async ({ browser }) => {
  const { page, urls, close } = await noJsPage(browser);
  await page.goto("/kom-igang");
  await chooseService(page, "Automation");
  await fillGetStarted(page);
  const marker = `No-JS ${Date.now()}`;
  await page.locator("textarea[name=message]").fill(marker);
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tack för din förfrågan!" })).toBeVisible();
  expectNoFieldIn([...urls, page.url()], ["erik@lund.se", "Erik", "070-123", marker]);
  const stored = (await inboxMessages()).filter((m) => m.template_params.message === marker);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ noJs: true, template_id: "template_get_started" });
  expect(stored[0]?.template_params).toEqual(keptParams({ ...expectedGetStartedParams, message: marker }));
  await close();
});

test("/kom-igang without JavaScript, no service chosen: the form again with a Swedish error, values kept", async ({
  browser,
}) => {
  const { page, urls, close } = await noJsPage(browser);
  await page.goto("/kom-igang");
  await fillGetStarted(page);
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Rätta uppgifterna nedan/);
  await expect(page.getByText("Vänligen välj vilken tjänst du är intresserad av.")).toBeVisible();
  await expect(page.locator("input[name=email]")).toHaveValue("erik@lund.se");
  expectNoFieldIn([...urls, page.url()], ["erik@lund.se"]);
  // Sent again with a service, it is kept.
  await chooseService(page, "Automation");
  const marker = `No-JS retry ${Date.now()}`;
  await page.locator("textarea[name=message]").fill(marker);
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tack för din förfrågan!" })).toBeVisible();
  expect((await inboxMessages()).filter((m) => m.template_params.message === marker)).toHaveLength(1);
  await close();
});

test("the server's pages (the form again with errors, the thank-you page) pass axe", async ({ page }) => {
  test.slow(); // two full-page axe scans and a native submit: 23 s of 30 on a slow, busy machine
  // axe needs scripts, so the form is sent natively (form.submit() skips the app's handler); the
  // server's pages themselves have no scripts.
  await page.goto("/kom-igang");
  await hydrated(page);
  await page.locator("input[name=email]").fill("inte-en-adress");
  await page.locator("main form").evaluate((f) => (f as HTMLFormElement).submit());
  await expect(page.getByRole("alert")).toHaveText(/Rätta uppgifterna nedan/);
  // The first thing to fix has the focus: the service, then (chosen) the e-mail address.
  await expect(page.locator("input[name=service]").first()).toBeFocused();
  expect(describeViolations(await axeScan(page))).toEqual([]);
  // "axe@b" passes the browser's own check of type=email, not the site's.
  await page.getByRole("radio", { name: "Automation" }).check();
  await page.locator("input[name=name]").fill("Axe Test");
  await page.locator("input[name=email]").fill("axe@b");
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  await expect(page.getByText("Ange en giltig e-postadress")).toBeVisible();
  await expect(page.locator("input[name=email]")).toBeFocused();
  await page.locator("input[name=email]").fill("axe@example.se");
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tack för din förfrågan!" })).toBeVisible();
  expect(describeViolations(await axeScan(page))).toEqual([]);
});

test("the server checks the fields the forms require, with the same limits (build/forms.json)", async ({ browser }) => {
  const config = JSON.parse(await readFile("build/forms.json", "utf8")) as {
    forms: Record<string, { fields: { name: string; required: boolean; max: number }[] }>;
  };
  const { page, close } = await noJsPage(browser);
  for (const [path, kind, scope] of [
    ["/", "contact", "#contact form"],
    ["/kom-igang", "get-started", "main form"],
  ] as const) {
    await page.goto(path);
    const form = page.locator(scope);
    const names = await form
      .locator("input[name]:not([type=radio]), textarea[name]")
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name).filter((n) => n !== "hp_website_url"));
    expect(names.sort()).toEqual(config.forms[kind]!.fields.map((f) => f.name).sort());
    for (const field of config.forms[kind]!.fields) {
      const input = form.locator(`[name="${field.name}"]`);
      await expect(input).toHaveAttribute("maxlength", String(field.max));
      expect(await input.evaluate((e) => (e as HTMLInputElement).required), field.name).toBe(field.required);
    }
  }
  await close();
});
