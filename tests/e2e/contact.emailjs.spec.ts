import type { Page, Route } from "@playwright/test";
import { advanceUntilSent, storedOutbox } from "./fault-helpers";
import { expect, hydrated, test } from "./fixtures";
import {
  expectedContactParams,
  expectedGetStartedParams,
  fillContactForm,
  fillGetStarted,
  pastMinFillTime,
} from "./contact-helpers";

// This build has EmailJS configured (scripts/build-e2e.mjs); its host is intercepted here.
const EMAILJS = "https://api.emailjs.com/api/v1.0/email/send";

async function openContact(page: Page) {
  await page.clock.install();
  await page.goto("/#contact");
  await hydrated(page);
}

async function submitContact(page: Page) {
  await fillContactForm(page);
  await pastMinFillTime(page);
  await page.locator("#contact form button[type=submit]").click();
}

test("contact form: the exact EmailJS request, success toast and cleared fields", async ({ page }) => {
  await openContact(page);
  const requests: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  await page.route(EMAILJS, async (route) => {
    const r = route.request();
    requests.push({ url: r.url(), headers: await r.allHeaders(), body: r.postDataJSON() });
    await route.fulfill({ status: 200, body: "OK" });
  });
  await submitContact(page);
  await expect(page.getByText("Tack för ditt meddelande!")).toBeVisible();
  await expect(page.getByText("Vi kontaktar dig inom kort.")).toBeVisible();
  expect(requests).toHaveLength(1);
  expect(requests[0]?.url).toBe(EMAILJS);
  expect(requests[0]?.headers["content-type"]).toBe("application/json");
  expect(requests[0]?.body).toEqual({
    lib_version: "4.4.1",
    user_id: "test-public-key",
    service_id: "service_test",
    template_id: "template_contact",
    template_params: expectedContactParams,
  });
  await expect(page.locator("#contact form").getByLabel("E-post")).toHaveValue("");
});

test("/kom-igang: the exact EmailJS request", async ({ page }) => {
  await page.clock.install();
  await page.goto("/kom-igang");
  await hydrated(page);
  let body: unknown;
  await page.route(EMAILJS, async (route) => {
    body = route.request().postDataJSON();
    await route.fulfill({ status: 200, body: "OK" });
  });
  await page.locator("main").getByText("Automation", { exact: true }).click();
  await fillGetStarted(page);
  await pastMinFillTime(page);
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  await expect(page.getByText("Tack för din förfrågan!")).toBeVisible();
  expect(body).toEqual({
    lib_version: "4.4.1",
    user_id: "test-public-key",
    service_id: "service_test",
    template_id: "template_get_started",
    template_params: expectedGetStartedParams,
  });
});

const failures: { name: string; handle: (r: Route) => Promise<void>; description: RegExp; keepsForm: boolean }[] = [
  {
    name: "400",
    handle: (r) => r.fulfill({ status: 400, body: "The template ID is invalid" }),
    description: /Försök igen eller kontakta oss direkt på hej@nordlysai\.se\./,
    keepsForm: true,
  },
  {
    name: "403",
    handle: (r) => r.fulfill({ status: 403, body: "Forbidden" }),
    description: /E-posttjänsten stoppade meddelandet/,
    keepsForm: true,
  },
  {
    name: "451",
    handle: (r) => r.fulfill({ status: 451, body: "Unavailable For Headless Browser" }),
    description: /tar inte emot meddelanden från den här webbläsaren/,
    keepsForm: true,
  },
  {
    name: "429",
    handle: (r) => r.fulfill({ status: 429, body: "Too Many Requests" }),
    description: /För många meddelanden på kort tid\. Ditt meddelande är sparat/,
    keepsForm: false,
  },
  {
    name: "500",
    handle: (r) => r.fulfill({ status: 500, body: "Internal Server Error" }),
    description: /E-posttjänsten svarar inte just nu\. Ditt meddelande är sparat/,
    keepsForm: false,
  },
  {
    name: "network error",
    handle: (r) => r.abort("internetdisconnected"),
    description: /Ingen anslutning just nu\. Ditt meddelande är sparat/,
    keepsForm: false,
  },
];

for (const f of failures) {
  test(`contact form: ${f.name} gives a clear Swedish message and loses nothing`, async ({ page }) => {
    await openContact(page);
    await page.route(EMAILJS, f.handle);
    await submitContact(page);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Något gick fel" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(f.description);
    const button = page.locator("#contact form button[type=submit]");
    await expect(button).toHaveText("Skicka meddelande");
    await expect(button).toBeEnabled();
    const email = page.locator("#contact form").getByLabel("E-post");
    if (f.keepsForm) {
      await expect(email).toHaveValue("anna@firma.se");
    } else {
      // Kept in the outbox instead, and said so next to the form.
      await expect(email).toHaveValue("");
      await expect(page.getByText("1 meddelande väntar på att skickas.")).toBeVisible();
      const stored = await storedOutbox(page);
      expect(JSON.parse(stored ?? "[]")[0].params).toEqual(expectedContactParams);
    }
  });
}

test("outbox: fails, survives a reload, and is delivered exactly once when EmailJS recovers", async ({ page }) => {
  await openContact(page);
  let up = false;
  const delivered: unknown[] = [];
  await page.route(EMAILJS, async (route) => {
    if (!up) return route.fulfill({ status: 503, body: "Service Unavailable" });
    delivered.push(route.request().postDataJSON());
    return route.fulfill({ status: 200, body: "OK" });
  });
  await submitContact(page);
  await expect(page.getByText("1 meddelande väntar på att skickas.")).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(page.getByText("1 meddelande väntar på att skickas.")).toBeVisible();
  up = true;
  await advanceUntilSent(page, delivered);
  await expect(page.getByText("Meddelandet har skickats")).toBeVisible();
  await expect(page.getByText("1 meddelande väntar på att skickas.")).toHaveCount(0);
  await page.clock.fastForward(120_000);
  expect(delivered).toHaveLength(1);
  expect(delivered[0]).toMatchObject({ template_params: expectedContactParams });
  expect(await storedOutbox(page)).toBe("[]");
});
