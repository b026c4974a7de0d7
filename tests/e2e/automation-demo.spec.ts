import type { Page } from "@playwright/test";
import { demoLead, demoReply } from "../../app/content/demos";
import { axeScan } from "./axe";
import { expect, freezeClock, hydrated, test } from "./fixtures";

/** Scroll width of the page content (the toast region is the site's Toaster, not part of it). */
const mainWidth = (page: Page) => page.evaluate(() => document.querySelector("main")?.scrollWidth ?? Infinity);

/** Loads the page on a fake clock and pauses it. */
async function openPaused(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await hydrated(page);
  await freezeClock(page);
}

/**
 * axe schedules timers of its own, so it cannot run on a paused clock: this resumes it, and a
 * running demo moves on in real time while axe scans. Later steps only check end states.
 */
async function axeViolations(page: Page) {
  await page.clock.resume();
  return axeScan(page);
}

const reply = Array.from(demoReply.content);
const IDLE = "Redo. Tryck på Starta Demo för att se ett lead besvaras.";
const status = (page: Page) => page.getByRole("status");
const typed = (page: Page) => page.getByTestId("reply-typed");
const start = (page: Page) => page.getByRole("button", { name: "Starta Demo" }).click();
const reset = (page: Page) => page.getByRole("button", { name: "Återställ" }).click();

test("a full run: lead, analysis, the reply typed one character per 30 ms, then sent", async ({
  page,
  consoleErrors,
}) => {
  await openPaused(page, "/automation-demo");
  await expect(status(page)).toHaveText(IDLE);
  await expect(page.getByText(demoLead.from)).toHaveCount(0);

  await start(page);
  await expect(status(page)).toHaveText("Steg 1 av 4: Nytt lead mottaget");
  await expect(page.getByText(demoLead.from)).toBeVisible();
  await expect(page.getByText(/50-100k per månad/).first()).toBeVisible();
  await expect(page.getByText(demoLead.urgency)).toBeVisible();

  await page.clock.runFor(1999);
  expect(await status(page).textContent()).toMatch(/^Steg 1 av 4/);
  await page.clock.runFor(1);
  await expect(status(page)).toHaveText("Steg 2 av 4: AI analyserar mejlet");
  await expect(page.getByText("Analyserar mejlet...")).toBeVisible();

  await page.clock.runFor(1499);
  expect(await status(page).textContent()).toMatch(/^Steg 2 av 4/);
  await page.clock.runFor(1);
  await expect(status(page)).toHaveText("Steg 3 av 4: AI skriver ett personligt svar");
  await expect(typed(page)).toHaveText("");

  await page.clock.runFor(30 * 12);
  await expect(typed(page)).toHaveText(reply.slice(0, 12).join(""));
  await page.clock.runFor(30 * (reply.length - 12) - 1);
  expect(await typed(page).textContent()).toBe(reply.slice(0, -1).join(""));
  await page.clock.runFor(1);
  await expect(typed(page)).toHaveText(demoReply.content);

  await page.clock.runFor(999);
  expect(await status(page).textContent()).toMatch(/^Steg 3 av 4/);
  expect(await page.getByText("Skickat", { exact: true }).count()).toBe(0);
  await page.clock.runFor(1);
  await expect(status(page)).toHaveText("Steg 4 av 4: Svaret är skickat");
  await expect(page.getByText("Skickat", { exact: true })).toBeVisible();
  const replyCard = page.getByRole("region", { name: "AI-genererat svar" });
  for (const value of [demoReply.responseTime, demoReply.personalization, demoReply.sentiment]) {
    await expect(replyCard.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.locator("li[data-status]")).toHaveCount(4);
  await expect(page.locator("li[data-status=done]")).toHaveCount(4);
  expect(consoleErrors).toEqual([]);
});

test("'Återställ' mid-typing returns to idle and no later step fires; so does a reset in steps 1, 2 and 4", async ({
  page,
  consoleErrors,
}) => {
  await openPaused(page, "/automation-demo");
  await start(page);
  await page.clock.runFor(3500 + 30 * 40);
  await expect(typed(page)).toHaveText(reply.slice(0, 40).join(""));
  await reset(page);
  await expect(status(page)).toHaveText(IDLE);
  await expect(typed(page)).toHaveCount(0);
  await page.clock.runFor(60_000);
  expect(await status(page).textContent()).toBe(IDLE);
  expect(await typed(page).count()).toBe(0);
  expect(await page.getByText(demoLead.from).count()).toBe(0);

  for (const at of [1000, 2500, 3500 + 30 * reply.length + 1000]) {
    await start(page);
    await page.clock.runFor(at);
    await reset(page);
    await expect(status(page)).toHaveText(IDLE);
    await page.clock.runFor(60_000);
    expect(await status(page).textContent()).toBe(IDLE);
  }
  expect(consoleErrors).toEqual([]);
});

test("under reduced motion the reply appears at once and the step timings stay", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openPaused(page, "/automation-demo");
  await start(page);
  await page.clock.runFor(3500);
  await expect(typed(page)).toHaveText(demoReply.content);
  await page.clock.runFor(999);
  expect(await status(page).textContent()).toMatch(/^Steg 3 av 4/);
  await page.clock.runFor(1);
  await expect(status(page)).toHaveText("Steg 4 av 4: Svaret är skickat");
});

test("the marketing figures are shown and 'Boka ett snabbt möte' goes to /kom-igang", async ({ page }) => {
  await page.goto("/automation-demo");
  const stats = page.getByRole("region", { name: "Därför spelar snabba svar roll" });
  for (const value of ["0,3 s", "21x", "78 %", "30 %", "10x", "40 %", "98 %", "15 min"]) {
    await expect(stats.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(stats.getByRole("link", { name: "Boka ett snabbt möte" })).toHaveAttribute("href", "/kom-igang");
});

test("/automation-demo is axe clean idle, while typing and when sent, and fits a 320 px screen", async ({ page }) => {
  test.slow(); // three full-page axe scans
  await page.setViewportSize({ width: 320, height: 720 });
  await openPaused(page, "/automation-demo");
  expect(await axeViolations(page)).toEqual([]);
  await freezeClock(page);

  await start(page);
  await page.clock.runFor(3500 + 30 * 50);
  await expect(status(page)).toContainText("Steg 3 av 4");
  await expect(typed(page)).toHaveText(reply.slice(0, 50).join(""));
  expect(await mainWidth(page)).toBeLessThanOrEqual(320);
  expect(await axeViolations(page)).toEqual([]);

  await page.clock.runFor(30 * reply.length + 1000);
  await expect(status(page)).toContainText("Steg 4 av 4");
  expect(await mainWidth(page)).toBeLessThanOrEqual(320);
  expect(await axeViolations(page)).toEqual([]);
});
