import { expect, hydrated, test } from "./fixtures";
import { inboxMessages } from "./inbox-helpers";
import {
  expectedContactParams,
  expectedGetStartedParams,
  keptParams,
  fillContactForm,
  fillGetStarted,
  pastMinFillTime,
} from "./contact-helpers";

// The default build has no EmailJS key: messages go to the local inbox of the server.
test("landing contact form: required fields, then delivered to the local inbox on disk", async ({ page }) => {
  await page.clock.install();
  await page.goto("/#contact");
  await hydrated(page);
  const form = page.locator("#contact form");
  await form.getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(form.getByText("Fyll i förnamn.")).toBeVisible();
  await expect(form.getByText("Fyll i efternamn.")).toBeVisible();
  await expect(form.getByText("Fyll i e-post.")).toBeVisible();
  await expect(form.getByText("Fyll i meddelande.")).toBeVisible();
  await expect(form.getByLabel("Förnamn")).toBeFocused();
  await expect(form.getByLabel("Förnamn")).toHaveAttribute("aria-invalid", "true");
  // Each field reads out its own error, also on a page loaded as prerendered (not navigated to).
  await expect(form.getByLabel("Förnamn")).toHaveAccessibleDescription("Fyll i förnamn.");
  await expect(form.getByLabel("Efternamn")).toHaveAccessibleDescription("Fyll i efternamn.");
  await expect(form.getByLabel("E-post")).toHaveAccessibleDescription("Fyll i e-post.");
  await expect(form.getByLabel("Meddelande")).toHaveAccessibleDescription(/^Fyll i meddelande\./);

  const marker = `Inbox ${Date.now()}`;
  await fillContactForm(page, { Meddelande: marker });
  await pastMinFillTime(page);
  const request = page.waitForRequest((r) => r.url().endsWith("/api/v1.0/email/send"));
  // By keyboard: the button is disabled while sending, and the focus must not fall to <body>.
  await form.getByRole("button", { name: "Skicka meddelande" }).focus();
  await page.keyboard.press("Enter");
  const body = (await request).postDataJSON();
  expect(new URL((await request).url()).origin).toBe(new URL(page.url()).origin);
  expect(body).toMatchObject({
    template_id: "template_contact",
    template_params: { ...expectedContactParams, message: marker },
  });
  await expect(page.getByText("Tack för ditt meddelande!")).toBeVisible();
  await expect(form.getByLabel("Förnamn")).toHaveValue("");
  await expect(form.getByLabel("Meddelande")).toHaveValue("");
  await expect(form.getByRole("button", { name: "Skicka meddelande" })).toBeFocused();
  // The toast leaves; what was sent and what comes next stay until a new message is begun.
  const note = page.getByRole("region", { name: "Ditt meddelande är skickat" });
  await expect(note).toContainText(marker);
  await expect(note).toContainText(`svarar till ${expectedContactParams.from_email}`);
  await page.clock.runFor(20_000);
  await expect(page.getByText("Tack för ditt meddelande!")).toHaveCount(0);
  await expect(note).toBeVisible();
  await note.getByRole("button", { name: "Skriv ett nytt meddelande" }).click();
  await expect(note).toHaveCount(0);
  await expect(form.getByLabel("Förnamn")).toBeFocused();
  const stored = (await inboxMessages()).filter((m) => m.template_params.message === marker);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.template_params).toEqual(keptParams({ ...expectedContactParams, message: marker }));
});

test("/kom-igang: no service → toast; pick by keyboard; delivered and cleared", async ({ page }) => {
  await page.clock.install();
  await page.goto("/kom-igang");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Tillbaka till startsidan" })).toHaveAttribute("href", "/");
  await fillGetStarted(page);
  await pastMinFillTime(page);
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast.getByText("Välj en tjänst")).toBeVisible();
  await expect(toast.getByText("Vänligen välj vilken tjänst du är intresserad av.")).toBeVisible();
  // Sent again without a service: still one toast, not a stack of copies.
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  await page.clock.runFor(500);
  await expect(page.getByText("Välj en tjänst")).toHaveCount(1);

  // Keyboard: focus lands on the first card; arrows move the selection.
  const voice = page.getByRole("radio", { name: /AI-Röstagenter/ });
  await expect(voice).toBeFocused();
  await page.keyboard.press("Space");
  await expect(voice).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /Automation/ })).toBeChecked();

  const marker = `Kom igång ${Date.now()}`;
  await page.getByLabel("Berätta om ert behov").fill(marker);
  const request = page.waitForRequest((r) => r.url().endsWith("/api/v1.0/email/send"));
  const responded = page.waitForResponse((r) => r.url().endsWith("/api/v1.0/email/send"));
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  expect((await request).postDataJSON()).toMatchObject({
    template_id: "template_get_started",
    template_params: { ...expectedGetStartedParams, message: marker },
  });
  await responded;
  await expect(page.getByText("Tack för din förfrågan!")).toBeVisible();
  await expect(page.locator("input[name=name]")).toHaveValue("");
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  const note = page.getByRole("region", { name: "Din förfrågan är skickad" });
  await expect(note).toContainText(marker);
  await expect(note).toContainText("Automation");
  await expect(note).toContainText("inom en arbetsdag");
  expect((await inboxMessages()).filter((m) => m.template_params.message === marker)).toHaveLength(1);
});

test("/kom-igang: an empty submit shows every field's error inline, the service choice's too", async ({ page }) => {
  await page.goto("/kom-igang");
  await hydrated(page);
  const form = page.locator("form[data-form=get-started]");
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  // The spec's toast, and each error beside its field, read out with it.
  await expect(page.locator("[data-sonner-toast]").getByText("Välj en tjänst")).toBeVisible();
  const noService = "Vänligen välj vilken tjänst du är intresserad av.";
  await expect(form.getByText(noService)).toBeVisible();
  const services = form.getByRole("radiogroup", { name: "Vilken tjänst är du intresserad av?" });
  await expect(services).toHaveAttribute("aria-invalid", "true");
  await expect(services).toHaveAccessibleDescription(noService);
  const radios = services.getByRole("radio");
  await expect(radios).toHaveCount(4);
  for (const radio of await radios.all()) await expect(radio).toHaveAccessibleDescription(noService);
  await expect(radios.first()).toBeFocused();
  for (const [label, error] of [
    ["Namn", "Fyll i namn."],
    ["E-post", "Fyll i e-post."],
  ] as const) {
    const field = form.getByRole("textbox", { name: label });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(error);
    await expect(form.getByText(error)).toBeVisible();
  }
  for (const label of ["Företag", "Telefon", "Berätta om ert behov"])
    await expect(form.getByRole("textbox", { name: label })).not.toHaveAttribute("aria-invalid");

  // Chosen, the service's error goes, as a field's does when it is filled in.
  await page.keyboard.press("Space");
  await expect(form.getByText(noService)).toBeHidden();
  await expect(services).not.toHaveAttribute("aria-invalid");
  await expect(radios.first()).toHaveAccessibleDescription("");
});

test("'Skickar...' while sending, and a double click sends once", async ({ page }) => {
  await page.clock.install();
  await page.goto("/#contact");
  await hydrated(page);
  let calls = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await page.route("**/api/v1.0/email/send", async (route) => {
    calls++;
    await gate;
    await route.fulfill({ status: 200, body: "OK" });
  });
  await fillContactForm(page);
  await pastMinFillTime(page);
  const button = page.locator("#contact form button[type=submit]");
  await button.dblclick();
  await expect(button).toHaveText("Skickar...");
  await expect(button).toBeDisabled();
  release();
  await expect(page.getByText("Tack för ditt meddelande!")).toBeVisible();
  await expect(button).toHaveText("Skicka meddelande");
  expect(calls).toBe(1);
});

test("a filled honeypot is dropped without a request", async ({ page }) => {
  await page.clock.install();
  await page.goto("/#contact");
  await hydrated(page);
  let calls = 0;
  await page.route("**/api/v1.0/email/send", (route) => {
    calls++;
    return route.fulfill({ status: 200, body: "OK" });
  });
  await fillContactForm(page);
  await page.locator('input[name="hp_website_url"]').fill("http://spam.example", { force: true });
  await pastMinFillTime(page);
  await page.locator("#contact form button[type=submit]").click();
  await expect(page.getByText("Tack för ditt meddelande!")).toBeVisible();
  expect(calls).toBe(0);
});

test("a flood is throttled with a friendly message", async ({ page }) => {
  await page.clock.install();
  await page.goto("/#contact");
  await hydrated(page);
  await page.route("**/api/v1.0/email/send", (route) => route.fulfill({ status: 200, body: "OK" }));
  for (let i = 0; i < 3; i++) {
    await fillContactForm(page, { Meddelande: `Meddelande ${i}` });
    await pastMinFillTime(page);
    await page.locator("#contact form button[type=submit]").click();
    await expect(page.locator("#contact form").getByLabel("Förnamn")).toHaveValue("");
  }
  await fillContactForm(page, { Meddelande: "Ett till" });
  await page.locator("#contact form button[type=submit]").click();
  await expect(page.getByText("Vänta en stund")).toBeVisible();
  await expect(page.locator("#contact form").getByLabel("Meddelande")).toHaveValue("Ett till");
});
