import type { Locator, Page, Route } from "@playwright/test";
import { ask, openChat, recordAi, saveKey } from "./chat-helpers";
import { fillContactForm, fillGetStarted, pastMinFillTime } from "./contact-helpers";
import { advanceUntilSent, countLoss, injectsFault, leadLost, outboxHolds } from "./fault-helpers";
import { expect, freezeClock, hydrated, test } from "./fixtures";
import { configured, expectNothingLost, expectStartFailed, vapiApi, voiceButton } from "./voice-helpers";

/**
 * Fault injection against every outside service: each failure gives a clear Swedish message,
 * the UI comes back to a usable state, and no lead is lost. Runs on the build with EmailJS
 * configured (its host intercepted). Every test here and in faults-voice.emailjs.spec.ts is
 * marked with injectsFault(), and the run ends with one line 'N faults injected, N leads lost'
 * (fault-summary-reporter.ts), whichever workers the tests ran in.
 */

const EMAILJS = "https://api.emailjs.com/api/v1.0/email/send";

type Fault = { name: string; handle: (r: Route) => Promise<void> | void; transient: boolean; message: RegExp };

const never = () => new Promise<void>(() => {});
const emailFaults: Fault[] = [
  {
    name: "400",
    handle: (r) => r.fulfill({ status: 400, body: "Bad Request" }),
    transient: false,
    message: /kontakta oss direkt|Försök igen senare/,
  },
  {
    name: "403",
    handle: (r) => r.fulfill({ status: 403, body: "Forbidden" }),
    transient: false,
    message: /stoppade meddelandet|Försök igen senare/,
  },
  {
    name: "429",
    handle: (r) => r.fulfill({ status: 429, body: "Too Many Requests" }),
    transient: true,
    message: /sparat|sparade/,
  },
  {
    name: "429 with Retry-After",
    handle: (r) => r.fulfill({ status: 429, headers: { "Retry-After": "120" }, body: "Too Many Requests" }),
    transient: true,
    message: /sparat|sparade/,
  },
  {
    name: "507 inbox full",
    handle: (r) => r.fulfill({ status: 507, body: "Insufficient Storage" }),
    transient: true,
    message: /sparat|sparade/,
  },
  {
    name: "451",
    handle: (r) => r.fulfill({ status: 451, body: "Unavailable For Headless Browser" }),
    transient: false,
    message: /webbläsaren|Försök igen senare/,
  },
  {
    name: "500",
    handle: (r) => r.fulfill({ status: 500, body: "Internal Server Error" }),
    transient: true,
    message: /sparat|sparade/,
  },
  { name: "network error", handle: (r) => r.abort("internetdisconnected"), transient: true, message: /sparat|sparade/ },
  { name: "timeout", handle: never, transient: true, message: /sparat|sparade/ },
];

async function submitAndWait(page: Page, fault: Fault, button: Locator) {
  const sent = page.waitForRequest(EMAILJS);
  await button.click();
  // The send timeout starts with the request, after the mail adapter has loaded.
  await sent;
  if (fault.name === "timeout") await page.clock.fastForward(16_000);
}

for (const fault of emailFaults) {
  test(`EmailJS ${fault.name}: landing contact form`, injectsFault(`EmailJS ${fault.name}`), async ({ page }) => {
    await page.clock.install();
    await page.goto("/#contact");
    await hydrated(page);
    await page.route(EMAILJS, fault.handle);
    await fillContactForm(page);
    await pastMinFillTime(page);
    const button = page.locator("#contact form button[type=submit]");
    await submitAndWait(page, fault, button);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Något gick fel" })).toContainText(
      fault.message,
    );
    await expect(button).toHaveText("Skicka meddelande");
    await expect(button).toBeEnabled();
    await countLoss(page, "anna@firma.se", page.locator("#contact form input[name=email]"));
  });

  test(`EmailJS ${fault.name}: /kom-igang`, injectsFault(`EmailJS ${fault.name}`), async ({ page }) => {
    await page.clock.install();
    await page.goto("/kom-igang");
    await hydrated(page);
    await page.route(EMAILJS, fault.handle);
    await page.locator("main").getByText("Automation", { exact: true }).click();
    await fillGetStarted(page);
    await pastMinFillTime(page);
    const button = page.getByRole("button", { name: /Skicka förfrågan|Skickar/ });
    await submitAndWait(page, fault, button);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Något gick fel" })).toContainText(
      fault.message,
    );
    await expect(button).toHaveText("Skicka förfrågan");
    await countLoss(page, "erik@lund.se", page.locator("input[name=email]"));
  });

  test(
    `EmailJS ${fault.name}: Emma's lead form (operator config)`,
    injectsFault(`EmailJS ${fault.name}`),
    async ({ page }) => {
      await page.clock.install();
      const panel = await openChat(page);
      await freezeClock(page);
      await page.route(EMAILJS, fault.handle);
      await ask(page, "Jag vill boka ett möte");
      await page.clock.runFor(1100);
      await page.clock.resume(); // toasts are shown from a timer
      await panel.getByPlaceholder("Ditt namn").fill("Sara Ek");
      await panel.getByPlaceholder("E-post").fill("sara@ek.se");
      await submitAndWait(page, fault, panel.getByRole("button", { name: "Skicka uppgifter" }));
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Fel" });
      await expect(toast).toContainText(
        fault.transient ? /sparade/ : /Kunde inte skicka meddelandet\. Försök igen senare\./,
      );
      if (!fault.transient) await expect(panel.getByRole("button", { name: "Skicka uppgifter" })).toBeEnabled();
      await countLoss(page, "sara@ek.se", panel.getByPlaceholder("E-post"));
    },
  );
}

/** Each form, filled in and ready to send; `email` is what the fault tests look for afterwards. */
const forms = {
  "landing contact form": {
    email: "anna@firma.se",
    async open(page: Page, beforeFilling = async () => {}) {
      await page.goto("/#contact");
      await hydrated(page);
      await beforeFilling();
      await fillContactForm(page);
      return {
        button: page.locator("#contact form button[type=submit]"),
        field: page.locator("#contact form input[name=email]"),
      };
    },
    deliveredLater: "Ditt sparade meddelande har nu kommit fram till oss.",
  },
  "/kom-igang": {
    email: "erik@lund.se",
    async open(page: Page, beforeFilling = async () => {}) {
      await page.goto("/kom-igang");
      await hydrated(page);
      await beforeFilling();
      await page.locator("main").getByText("Automation", { exact: true }).click();
      await fillGetStarted(page);
      return {
        button: page.getByRole("button", { name: "Skicka förfrågan" }),
        field: page.locator("input[name=email]"),
      };
    },
    deliveredLater: "Ditt sparade meddelande har nu kommit fram till oss.",
  },
  "Emma's lead form": {
    email: "sara@ek.se",
    // The clock stands still from the question on (the form appears 1 s later by the page's clock).
    async open(page: Page, _beforeFilling = async () => {}) {
      const panel = await openChat(page);
      await freezeClock(page);
      await ask(page, "Ja, kontakta mig");
      await page.clock.runFor(1100);
      await panel.getByPlaceholder("Ditt namn").fill("Sara Ek");
      await panel.getByPlaceholder("E-post").fill("sara@ek.se");
      return {
        button: panel.getByRole("button", { name: "Skicka uppgifter" }),
        field: panel.getByPlaceholder("E-post"),
      };
    },
    // A queued lead gets the lead's own message when it is delivered (spec §8).
    deliveredLater: "Dina uppgifter har skickats till vårt team. Vi hör av oss snart!",
  },
};

for (const [formName, form] of Object.entries(forms)) {
  test(
    `EmailJS fails, the visitor reloads, ${formName}: delivered exactly once on recovery`,
    injectsFault("EmailJS network error, then a reload"),
    async ({ page }) => {
      await page.clock.install();
      let up = false;
      const delivered: unknown[] = [];
      await page.route(EMAILJS, async (route) => {
        if (!up) return route.abort("internetdisconnected");
        delivered.push(route.request().postDataJSON());
        return route.fulfill({ status: 200, body: "OK" });
      });
      const { button } = await form.open(page);
      await pastMinFillTime(page);
      await page.clock.resume(); // toasts are shown from a timer
      await button.click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: /sparat|sparade/ })).toBeVisible();
      await page.reload();
      await hydrated(page);
      up = true;
      try {
        await advanceUntilSent(page, delivered);
      } finally {
        // Never delivered and no longer in the outbox: lost (a second delivery is a failure, not a loss).
        if (delivered.length === 0 && !(await outboxHolds(page, form.email))) leadLost(form.email);
      }
      await expect(page.getByText(form.deliveredLater)).toBeVisible();
      await page.clock.runFor(120_000);
      expect(delivered).toHaveLength(1);
      const params = (delivered[0] as { template_params: Record<string, string> }).template_params;
      expect(params.from_email).toBe(form.email);
    },
  );

  test(
    `sent at script speed, ${formName}: delivered, marked as suspected spam`,
    injectsFault("Sent faster than the minimum fill time"),
    async ({ page }) => {
      await page.clock.install();
      const delivered: { template_params: Record<string, string> }[] = [];
      await page.route(EMAILJS, async (route) => {
        delivered.push(route.request().postDataJSON());
        return route.fulfill({ status: 200, body: "OK" });
      });
      // No time passes by the page's clock between the form's appearing and its sending.
      const { button, field } = await form.open(page, () => freezeClock(page));
      // A prerendered form counts from the page's start, which a loaded machine may put past 2.5 s.
      const fast = formName === "Emma's lead form" || (await page.evaluate(() => performance.now() < 2500));
      await button.click();
      await page.clock.resume();
      try {
        await expect.poll(() => delivered.length).toBe(1);
      } finally {
        if (delivered.length === 0) await countLoss(page, form.email, field);
      }
      const params = delivered[0]!.template_params;
      expect(params.from_email).toBe(form.email);
      expect(params.suspected_spam).toBe(fast ? "ja" : undefined);
      expect(params.subject).not.toContain("Misstänkt");
    },
  );
}

const aiFaults: { name: string; handle: (r: Route) => Promise<void> | void; expected: RegExp }[] = [
  {
    name: "401",
    handle: (r) => r.fulfill({ status: 401, json: { error: { message: "Incorrect API key" } } }),
    expected: /godtog inte API-nyckeln[\s\S]*Kontrollera nyckeln under Inställningar[\s\S]*kontaktformuläret/,
  },
  {
    name: "429",
    handle: (r) => r.fulfill({ status: 429, json: { error: { message: "Rate limit" } } }),
    expected: /kontaktformuläret/,
  },
  { name: "500", handle: (r) => r.fulfill({ status: 500, body: "oops" }), expected: /kontaktformuläret/ },
  { name: "network error", handle: (r) => r.abort("internetdisconnected"), expected: /kontaktformuläret/ },
  { name: "timeout", handle: never, expected: /kontaktformuläret/ },
  {
    name: "stream cut in the middle",
    handle: (r) =>
      r.fulfill({
        headers: { "content-type": "text/event-stream" },
        body: `data: ${JSON.stringify({ choices: [{ delta: { content: "Vi kan hjälpa er med" } }] })}\n\n`,
      }),
    expected: /Vi kan hjälpa er med[\s\S]*Svaret avbröts/,
  },
  {
    name: "malformed JSON",
    handle: (r) => r.fulfill({ headers: { "content-type": "application/json" }, body: '{"choices": [' }),
    expected: /kontaktformuläret/,
  },
  {
    name: "error event inside the stream",
    handle: (r) =>
      r.fulfill({
        headers: { "content-type": "text/event-stream" },
        body: 'event: error\ndata: {"error":{"message":"overloaded"}}\n\n',
      }),
    expected: /kontaktformuläret/,
  },
  {
    name: "empty answer",
    handle: (r) => r.fulfill({ json: { choices: [{ message: { content: "" } }] } }),
    expected: /Hmm, jag hade lite problem\.\.\./,
  },
];

for (const fault of aiFaults) {
  test(
    `AI ${fault.name}: a clear Swedish answer, never stuck in 'Tänker...'`,
    injectsFault(`AI ${fault.name}`),
    async ({ page }) => {
      await page.clock.install();
      await recordAi(page, fault.handle);
      const panel = await openChat(page);
      await saveKey(page);
      await ask(page, "Berätta om er historia");
      if (fault.name === "timeout") await page.clock.fastForward(21_000);
      await expect(panel.getByRole("log").locator("li").last()).toContainText(fault.expected);
      await expect(panel.getByText("Tänker...")).toBeHidden();
      await expect(panel.getByRole("textbox", { name: "Din fråga till Emma" })).toBeEnabled();
    },
  );
}

/**
 * The other voice faults are in faults-voice.emailjs.spec.ts, whose Chromium has a fake microphone.
 * This file's Chromium is launched as the config does it, without one: with the permission granted,
 * getUserMedia finds no device at all (NotFoundError), as on a desktop with no microphone plugged in.
 */
test.describe("voice, no microphone device", () => {
  test.use({ permissions: ["microphone"] });

  test(
    "the start fails with the spec's toast, nothing reaches the API, the next click asks again",
    injectsFault("Microphone missing"),
    async ({ page }) => {
      await configured(page, { conversation: true });
      const requests = await vapiApi(page, 401);
      await page.addInitScript(() => {
        const w = window as { __micErrors?: string[] };
        w.__micErrors = [];
        const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = (constraints) =>
          getUserMedia(constraints).catch((error: DOMException) => {
            w.__micErrors!.push(error.name);
            throw error;
          });
      });
      const micErrors = () => page.evaluate(() => (window as { __micErrors?: string[] }).__micErrors);
      await page.goto("/");
      await hydrated(page);
      await voiceButton(page).click();
      await expectStartFailed(page);
      expect(await micErrors()).toEqual(["NotFoundError"]);
      expect(requests).toEqual([]);

      await voiceButton(page).click();
      await expect.poll(micErrors).toEqual(["NotFoundError", "NotFoundError"]);
      await expectStartFailed(page);
      expect(requests).toEqual([]);
      await expectNothingLost(page);
    },
  );
});
