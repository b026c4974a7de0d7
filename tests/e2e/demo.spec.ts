import type { Page } from "@playwright/test";
import { axeScan } from "./axe";
import { expect, freezeClock, hydrated, test } from "./fixtures";

/** Scroll width of the page content (the toast region is the site's Toaster, not part of it). */
const mainWidth = (page: Page) => page.evaluate(() => document.querySelector("main")?.scrollWidth ?? Infinity);

/**
 * Loads the page on a fake clock and pauses it. First a key press, as a visitor's first
 * interaction, loads the toast region (components/ui/toaster.tsx): its setup runs on timers, which
 * a paused clock would hold back.
 */
async function openPaused(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await hydrated(page);
  await page.keyboard.press("Shift");
  await page.getByRole("region", { name: /Aviseringar/ }).waitFor({ state: "attached" });
  await page.clock.runFor(200);
  await freezeClock(page);
}

/**
 * sonner adds a toast from a 0 ms timer, which the page clock runs 1 ms later when it was set
 * inside another timer: this runs it, and waits for the toast.
 */
async function expectToast(page: Page, title: string) {
  await expect
    .poll(async () => {
      await page.clock.runFor(1);
      return toast(page, title).count();
    })
    .toBe(1);
  await expect(toast(page, title)).toBeVisible();
}

/**
 * axe schedules timers of its own, so it cannot run on a paused clock: this resumes it, and a
 * running demo moves on in real time while axe scans. Later steps only check end states.
 */
async function axeViolations(page: Page, include: string[] = []) {
  await page.clock.resume();
  // A toast fading in, or one fading behind a newer one, has text of too little contrast for a
  // moment: scan once the toasts' transitions are over.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) =>
              ((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest("[data-sonner-toaster]"),
            ).length,
      ),
    )
    .toBe(0);
  return axeScan(page, include);
}

const textDemo = (page: Page) => page.getByRole("region", { name: "Fråga Emma i text" });
const emailDemo = (page: Page) => page.getByRole("region", { name: "E-postautomation" });
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const stepStatuses = (page: Page) =>
  emailDemo(page)
    .locator("li[data-status]")
    .evaluateAll((items) => items.map((li) => li.getAttribute("data-status")));

test("the text demo answers after 1500 ms of thinking, with the toast; an empty question does nothing", async ({
  page,
  consoleErrors,
}) => {
  await openPaused(page, "/demo");
  const demo = textDemo(page);
  const status = demo.getByRole("status");
  const input = demo.getByLabel("Din fråga till Emma");

  await demo.getByRole("button", { name: "Fråga Emma" }).click();
  await input.fill("   ");
  await input.press("Enter");
  await page.clock.runFor(3000);
  expect(await status.textContent()).toBe("Emmas svar visas här.");
  expect(await toast(page, "Emma svarade!").count()).toBe(0);

  await input.fill("Vad kostar det?");
  await input.press("Enter");
  await expect(status).toContainText("Emma tänker...");
  await expect(input).toHaveValue("");
  await page.clock.runFor(1499);
  expect(await status.textContent()).toContain("Emma tänker...");
  expect(await toast(page, "Emma svarade!").count()).toBe(0);
  await page.clock.runFor(1);
  await expect(status).toContainText("15 000 kr");
  await expect(status).not.toContainText("Emma tänker...");
  await expectToast(page, "Emma svarade! ✨");

  // The button asks too, and a question without a canned reply gets the demo's default answer.
  await input.fill("Kan ni baka kanelbullar?");
  await demo.getByRole("button", { name: "Fråga Emma" }).click();
  await page.clock.runFor(1500);
  // The demo default reply (app/content/canned-replies.ts reads the build env, so it is not imported here).
  await expect(status).toContainText("Bra fråga! I den riktiga tjänsten svarar jag");
  await expect(status).toContainText("Kan ni baka kanelbullar?");
  expect(consoleErrors).toEqual([]);
});

test("the email demo runs five steps 1500 ms apart with both toasts, and restarts cleanly", async ({
  page,
  consoleErrors,
}) => {
  await openPaused(page, "/demo");
  const status = emailDemo(page).getByRole("status");
  const start = emailDemo(page).getByRole("button", { name: "Starta AI-automation" });
  expect(await stepStatuses(page)).toEqual(["waiting", "waiting", "waiting", "waiting", "waiting"]);

  await start.click();
  await page.clock.runFor(0);
  await expect(toast(page, "AI Demo startar")).toBeVisible();
  await expect(status).toHaveText("Steg 1 av 5: Tar emot inkommande e-post");
  expect(await stepStatuses(page)).toEqual(["active", "waiting", "waiting", "waiting", "waiting"]);
  await expect(emailDemo(page).locator("li[aria-current=step]")).toHaveText(/Tar emot inkommande e-post/);

  for (let done = 1; done <= 4; done++) {
    await page.clock.runFor(1499);
    expect((await stepStatuses(page)).filter((s) => s === "done")).toHaveLength(done - 1);
    await page.clock.runFor(1);
    await expect(status).toHaveText(new RegExp(`^Steg ${done + 1} av 5`));
    expect(await stepStatuses(page)).toEqual(
      Array.from({ length: 5 }, (_, i) => (i < done ? "done" : i === done ? "active" : "waiting")),
    );
  }
  await page.clock.runFor(1499);
  expect(await toast(page, "E-mail automation slutförd!").count()).toBe(0);
  await page.clock.runFor(1);
  await expect(status).toHaveText("Klart! Alla fem steg är slutförda.");
  await expectToast(page, "E-mail automation slutförd! 📧");
  expect(await stepStatuses(page)).toEqual(["done", "done", "done", "done", "done"]);

  // Again, restarted in the middle: back to the first step and one completion 7500 ms later.
  await start.click();
  await expect(status).toHaveText(/^Steg 1 av 5/);
  await page.clock.runFor(3000);
  await start.click();
  await expect(status).toHaveText(/^Steg 1 av 5/);
  expect(await stepStatuses(page)).toEqual(["active", "waiting", "waiting", "waiting", "waiting"]);
  await page.clock.runFor(7499);
  expect(await status.textContent()).toMatch(/^Steg 5 av 5/);
  await page.clock.runFor(1);
  await expect(status).toHaveText("Klart! Alla fem steg är slutförda.");
  expect(consoleErrors).toEqual([]);
});

test("the voice card opens the voice widget and the call to action goes to the contact section", async ({ page }) => {
  await page.goto("/demo");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI Demo Center");
  await expect(page.getByRole("region", { name: "Det här kan våra AI-lösningar" }).getByRole("listitem")).toHaveCount(
    4,
  );
  await expect(page.getByRole("region", { name: "Prata med Emma" })).toContainText("röstknappen nere till höger");
  await page.getByRole("region", { name: "Prata med Emma" }).getByRole("button", { name: "Ring Emma" }).click();
  await expect(page.getByRole("dialog", { name: "Emma Röst Setup" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  const cta = page.getByRole("region", { name: "Vill du se vad AI kan göra för er?" }).getByRole("link", {
    name: "Kontakta oss",
  });
  await expect(cta).toHaveAttribute("href", "/#contact");
  await cta.click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator("#contact")).toBeInViewport();
});

test("/demo is axe clean idle, running and finished, and fits a 320 px screen", async ({ page }) => {
  test.slow(); // three full-page axe scans
  await page.setViewportSize({ width: 320, height: 720 });
  await openPaused(page, "/demo");
  expect(await axeViolations(page)).toEqual([]);
  await freezeClock(page);

  await textDemo(page).getByLabel("Din fråga till Emma").fill("Hur hanterar ni GDPR?");
  await textDemo(page).getByRole("button", { name: "Fråga Emma" }).click();
  await emailDemo(page).getByRole("button", { name: "Starta AI-automation" }).click();
  await page.clock.runFor(500);
  await expect(textDemo(page).getByRole("status")).toContainText("Emma tänker...");
  await expect(emailDemo(page).getByRole("status")).toContainText("Steg 1 av 5");
  await expectToast(page, "AI Demo startar");
  expect(await mainWidth(page)).toBeLessThanOrEqual(320);
  // The demos run on in real time while axe scans, and a toast arriving mid-scan fades the one
  // before it: the toasts are scanned at rest, once both demos are done.
  expect(await axeViolations(page, ["#main"])).toEqual([]);

  await page.clock.runFor(8000);
  await expect(textDemo(page).getByRole("status")).toContainText("Emma svarar:");
  await expect(emailDemo(page).getByRole("status")).toHaveText("Klart! Alla fem steg är slutförda.");
  expect(await mainWidth(page)).toBeLessThanOrEqual(320);
  expect(await axeViolations(page)).toEqual([]);
});
