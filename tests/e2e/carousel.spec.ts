import { expect, freezeClock, hydrated, test } from "./fixtures";

const activeQuote = (page: import("@playwright/test").Page) => page.locator("figure[data-active]");

test("quotes rotate every 6 seconds, dots pick one, pause stops rotation", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  await freezeClock(page);
  // Picking quote 2 starts a fresh 6 s period at the frozen moment.
  await page.getByRole("button", { name: "Visa citat 2 av 18" }).click();
  await expect(page.getByRole("button", { name: "Visa citat 2 av 18" })).toHaveAttribute("aria-current", "true");
  const second = (await activeQuote(page).textContent()) ?? "";
  await page.clock.runFor(5_900);
  expect(await activeQuote(page).textContent()).toBe(second);
  await page.clock.runFor(200);
  await expect(activeQuote(page)).not.toHaveText(second);
  await expect(page.getByRole("button", { name: "Visa citat 3 av 18" })).toHaveAttribute("aria-current", "true");

  await page.getByRole("button", { name: "Visa citat 10 av 18" }).click();
  await expect(page.getByRole("button", { name: "Visa citat 10 av 18" })).toHaveAttribute("aria-current", "true");
  const tenth = (await activeQuote(page).textContent()) ?? "";

  await page.getByRole("button", { name: "Pausa citaten" }).click();
  await page.clock.runFor(20_000);
  expect(await activeQuote(page).textContent()).toBe(tenth);

  await page.getByRole("button", { name: "Spela upp citaten" }).click();
  await page.clock.runFor(5_900);
  await expect(page.getByRole("button", { name: "Visa citat 10 av 18" })).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(200);
  await expect(page.getByRole("button", { name: "Visa citat 11 av 18" })).toHaveAttribute("aria-current", "true");
  expect(await page.locator("figure").count()).toBe(18);
});

test("no auto-rotation under prefers-reduced-motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  const first = (await activeQuote(page).textContent()) ?? "";
  await page.clock.runFor(30_000);
  expect(await activeQuote(page).textContent()).toBe(first);
  await expect(page.getByRole("button", { name: "Spela upp citaten" })).toBeVisible();
});
