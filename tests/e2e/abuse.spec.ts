import type { Page } from "@playwright/test";
import { sitePages } from "../../app/config/routes";
import { canary, payloads } from "./abuse-payloads";
import { ask, openChat } from "./chat-helpers";
import { pastMinFillTime } from "./contact-helpers";
import { expect, forEachCase, forgetStorage, freezeClock, hydrated, test } from "./fixtures";

/** What a field holds after filling: its own length limit applies, as it does for a person. */
async function fillAndRead(page: Page, selector: string, value: string) {
  const field = page.locator(selector);
  await field.fill(value);
  return field.inputValue();
}

// One test per form for all the payloads, each from a first visit (storage cleared) in one warm
// browser context: a context and a cold load per payload cost more than the checks.
test("bad input: contact forms send exactly what was typed", async ({ page, consoleErrors }) => {
  await page.clock.install();
  const sent: Record<string, string>[] = [];
  await page.route("**/api/v1.0/email/send", async (r) => {
    sent.push(r.request().postDataJSON().template_params);
    await r.fulfill({ status: 200, body: "OK" });
  });
  await forEachCase(
    payloads,
    (name) => `bad input (${name})`,
    async (payload) => {
      sent.length = 0;
      await forgetStorage(page);
      await page.goto("/#contact");
      await hydrated(page);
      const form = "#contact form";
      const first = await fillAndRead(page, `${form} input[name=firstName]`, payload);
      const last = await fillAndRead(page, `${form} input[name=lastName]`, payload);
      await page.fill(`${form} input[name=email]`, "test@example.se");
      const company = await fillAndRead(page, `${form} input[name=company]`, payload);
      const message = await fillAndRead(page, `${form} textarea[name=message]`, payload);
      await pastMinFillTime(page);
      await page.locator(`${form} button[type=submit]`).click();
      await expect(page.getByText("Tack för ditt meddelande!")).toBeVisible();
      expect(sent[0]).toMatchObject({
        from_name: `${first.trim()} ${last.trim()}`,
        company: company.trim(),
        message: message.trim(),
      });

      await page.goto("/kom-igang");
      await hydrated(page);
      await page.locator("main").getByText("Automation", { exact: true }).click();
      const n = await fillAndRead(page, "input[name=name]", payload);
      await page.fill("input[name=email]", "test@example.se");
      // A phone number must have digits: the bad input is refused with a Swedish message, not sent.
      await fillAndRead(page, "input[name=phone]", payload);
      await pastMinFillTime(page);
      await page.getByRole("button", { name: "Skicka förfrågan" }).click();
      await expect(page.locator("input[name=phone]")).toHaveAccessibleDescription(/helt telefonnummer/);
      expect(sent).toHaveLength(1);
      const phone = "070-123 45 67";
      await page.fill("input[name=phone]", phone);
      const msg = await fillAndRead(page, "textarea[name=message]", payload);
      await pastMinFillTime(page);
      await page.getByRole("button", { name: "Skicka förfrågan" }).click();
      await expect(page.getByText("Tack för din förfrågan!")).toBeVisible();
      expect(sent[1]).toMatchObject({ from_name: n.trim(), phone: phone.trim(), message: msg.trim() });

      expect(await canary(page)).toBeUndefined();
      expect(consoleErrors).toEqual([]);
    },
  );
});

test("bad input: chat, settings and lead form", async ({ page, consoleErrors }) => {
  await page.clock.install();
  let lead: Record<string, string> | null = null;
  await page.route("https://api.openai.com/**", (r) =>
    r.fulfill({ json: { choices: [{ message: { content: "Svar." } }] } }),
  );
  await page.route("https://api.emailjs.com/**", async (r) => {
    lead = r.request().postDataJSON().template_params;
    await r.fulfill({ status: 200, body: "OK" });
  });
  await forEachCase(
    payloads,
    (name) => `bad input (${name})`,
    async (payload) => {
      lead = null;
      await forgetStorage(page);
      const panel = await openChat(page);
      await panel.getByRole("button", { name: "Inställningar" }).click();
      const key = await fillAndRead(page, "input[placeholder='API-nyckel...']", payload);
      await panel.getByRole("button", { name: "Spara", exact: true }).click();
      if (/^[\x21-\x7E]+$/.test(key.trim())) {
        await expect(page.getByText("Sparat!").first()).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem("emma.ai-key"))).toBe(key.trim());
      } else {
        // A key can only be visible ASCII (it goes into an HTTP header): refused, with a reason.
        await expect(panel.getByText("Nyckeln kan bara innehålla")).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem("emma.ai-key"))).toBeNull();
      }
      for (const field of ["Service ID", "Template ID", "Public Key"])
        await panel.getByPlaceholder(field).fill(payload);
      await panel.getByRole("button", { name: "Spara EmailJS-konfiguration" }).click();
      const config = JSON.parse((await page.evaluate(() => localStorage.getItem("emma.emailjs-config"))) ?? "{}");
      const typed = (await panel.getByPlaceholder("Service ID").inputValue()).trim();
      expect(config).toEqual({ serviceId: typed, templateId: typed, publicKey: typed });
      await panel.getByRole("button", { name: "Inställningar" }).click();

      // The question goes to the log as typed (trimmed) and into session storage the same way.
      const question = await fillAndRead(page, "input[placeholder='Skriv din fråga...']", `ja ${payload}`);
      await freezeClock(page);
      await page.locator("input[placeholder='Skriv din fråga...']").press("Enter");
      const log = panel.getByRole("log");
      await expect(
        log
          .locator("li")
          .filter({ hasText: question.trim().slice(0, 40) })
          .first(),
      ).toBeVisible();
      const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem("emma.conversation.v1"))) ?? "[]");
      expect(stored[0].text).toBe(question.trim());
      await expect(log.locator("img, script, svg:not([aria-hidden])")).toHaveCount(0);

      await page.clock.runFor(1100);
      await page.clock.resume();
      const leadName = await fillAndRead(page, "input[placeholder='Ditt namn']", payload);
      await panel.getByPlaceholder("E-post").fill("lead@example.se");
      const leadCompany = await fillAndRead(page, "input[placeholder='Företag']", payload);
      await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
      if (leadName.trim()) {
        await expect(page.getByText("Dina uppgifter har skickats till vårt team. Vi hör av oss snart!")).toBeVisible();
        expect(lead).toMatchObject({ from_name: leadName.trim(), company: leadCompany.trim() });
      }
      expect(await canary(page)).toBeUndefined();
      expect(consoleErrors).toEqual([]);
    },
  );
});

const ourKeys = {
  local: ["emma.outbox.v1", "emma.ai-key", "emma.emailjs-config", "emma.contact-sends.v1"],
  session: ["emma.conversation.v1"],
};

async function useTheSite(page: Page) {
  for (const path of ["/", "/kom-igang", "/om-oss"]) {
    await page.goto(path);
    await hydrated(page);
  }
  const panel = await openChat(page);
  await ask(page, "Vad kostar det?");
  await expect(panel.getByRole("log").locator("li").last()).toContainText("offert");
  await panel.getByRole("button", { name: "Inställningar" }).click();
  await expect(panel.getByPlaceholder("Service ID")).toBeVisible();
}

test("storage holding garbage, wrong types and old shapes: the site falls back to defaults", async ({
  page,
  consoleErrors,
}) => {
  await page.addInitScript((keys) => {
    const junk = ["{not json", "42", '[{"id":1,"type":"evil"}]', "null", '{"serviceId":7}'];
    keys.local.forEach((k, i) => localStorage.setItem(k, junk[i % junk.length]!));
    keys.session.forEach((k) => sessionStorage.setItem(k, "{broken"));
  }, ourKeys);
  await useTheSite(page);
  expect(consoleErrors).toEqual([]);
});

test("a storage that throws (disabled or full): the site still works", async ({ page, consoleErrors }) => {
  await page.addInitScript(() => {
    const fail = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    Storage.prototype.setItem = fail;
    Storage.prototype.getItem = fail;
    Storage.prototype.removeItem = fail;
    Object.defineProperty(window, "sessionStorage", {
      get() {
        throw new DOMException("Access is denied", "SecurityError");
      },
    });
  });
  await useTheSite(page);
  expect(consoleErrors).toEqual([]);
});

test("crawl: every route and widget state without page errors or console errors, and no storage before acting", async ({
  page,
  consoleErrors,
}) => {
  test.slow(); // every route and the widgets in one test: 30 s is too short on a slow, busy machine
  for (const path of [...sitePages.map((p) => p.path), "/en/sida/som/saknas"]) {
    await page.goto(path);
    await hydrated(page);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie]), path).toEqual([
      0,
      0,
      "",
    ]);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna menyn" }).click();
  await page.getByRole("navigation", { name: "Mobilmeny" }).getByRole("link", { name: "Kontakt" }).click();
  // The voice setup, and the demos running.
  await page.goto("/demo");
  await hydrated(page);
  await page.getByRole("button", { name: "Konfigurera röstsamtal med Emma" }).click();
  await expect(page.getByRole("dialog", { name: "Emma Röst Setup" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Emma Röst Setup" })).toBeHidden();
  await page.getByRole("button", { name: "Starta AI-automation" }).click();
  await expect(page.getByRole("region", { name: "E-postautomation" }).getByRole("status")).toContainText("Steg 1 av 5");
  await page.goto("/automation-demo");
  await hydrated(page);
  await page.getByRole("button", { name: "Starta Demo" }).click();
  await page.clock.install();
  const panel = await openChat(page, "/om-oss");
  await panel.getByRole("button", { name: "Inställningar" }).click();
  await freezeClock(page);
  await ask(page, "Ja gärna");
  await page.clock.runFor(1100);
  await expect(panel.getByText("Perfekt!")).toBeVisible();
  await panel.getByRole("button", { name: "Senare" }).click();
  await panel.getByRole("button", { name: "Ny konversation" }).click();
  await panel.getByRole("button", { name: "Stäng chatten" }).click();
  expect(consoleErrors).toEqual([]);
});
