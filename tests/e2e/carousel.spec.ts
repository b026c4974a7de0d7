import { expect, freezeClock, hydrated, test } from "./fixtures";

type Page = import("@playwright/test").Page;
const activeQuote = (page: Page) => page.locator("figure[data-active]");

/** A click, then the pointer off the carousel: a pointer resting on it holds the quotes still. */
async function clickAndLeave(page: Page, name: string, role: "radio" | "button" = "radio") {
  await page.getByRole(role, { name }).click();
  await page.mouse.move(0, 0);
}

test("quotes rotate every 6 seconds, dots pick one, pause stops rotation", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  await freezeClock(page);
  // Picking quote 2 starts a fresh 6 s period at the frozen moment.
  await clickAndLeave(page, "Visa citat 2 av 18");
  await expect(page.getByRole("radio", { name: "Visa citat 2 av 18" })).toBeChecked();
  const second = (await activeQuote(page).textContent()) ?? "";
  await page.clock.runFor(5_900);
  expect(await activeQuote(page).textContent()).toBe(second);
  await page.clock.runFor(200);
  await expect(activeQuote(page)).not.toHaveText(second);
  await expect(page.getByRole("radio", { name: "Visa citat 3 av 18" })).toBeChecked();

  await clickAndLeave(page, "Visa citat 10 av 18");
  await expect(page.getByRole("radio", { name: "Visa citat 10 av 18" })).toBeChecked();
  const tenth = (await activeQuote(page).textContent()) ?? "";

  await clickAndLeave(page, "Pausa citaten", "button");
  await page.clock.runFor(20_000);
  expect(await activeQuote(page).textContent()).toBe(tenth);

  await clickAndLeave(page, "Spela upp citaten", "button");
  await page.clock.runFor(5_900);
  await expect(page.getByRole("radio", { name: "Visa citat 10 av 18" })).toBeChecked();
  await page.clock.runFor(200);
  await expect(page.getByRole("radio", { name: "Visa citat 11 av 18" })).toBeChecked();
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

test("the dots are one Tab stop, arrow keys pick, and they fit one row at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await hydrated(page);
  const radios = page.getByRole("radiogroup", { name: "Välj citat" }).getByRole("radio");
  await expect(radios).toHaveCount(18);
  // Measured once the section is near the viewport: until then it is not laid out (decision 018).
  await radios.first().scrollIntoViewIfNeeded();
  const rows = () =>
    radios.evaluateAll((els) =>
      els.every((el) => el.checkVisibility({ contentVisibilityAuto: true }) && el.getBoundingClientRect().width > 0)
        ? new Set(els.map((el) => Math.round(el.getBoundingClientRect().top))).size
        : "not rendered",
    );
  await expect.poll(rows).toBe(1);

  await page.getByRole("button", { name: "Föregående citat" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("radio", { name: "Visa citat 1 av 18" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Visa citat 2 av 18" })).toBeFocused();
  await expect(page.getByRole("radio", { name: "Visa citat 2 av 18" })).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "Visa citat 18 av 18" })).toBeChecked();
  await expect(page.locator("figure").nth(17)).toHaveAttribute("data-active", /.*/);
  // One stop: the next Tab leaves the group.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Föregående citat" })).toBeFocused();
});

test("a pointer on the carousel or the keyboard on its dots holds the quote; arrows step", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  await freezeClock(page);
  const dot = (n: number) => page.getByRole("radio", { name: `Visa citat ${n} av 18` });

  await page.getByRole("button", { name: "Nästa citat" }).click();
  await expect(dot(2)).toBeChecked();
  await page.clock.runFor(20_000);
  await expect(dot(2)).toBeChecked();
  await page.getByRole("button", { name: "Föregående citat" }).click();
  await page.getByRole("button", { name: "Föregående citat" }).click();
  await expect(dot(18)).toBeChecked();
  // The button still offers to pause: only the pointer holds the quotes.
  await expect(page.getByRole("button", { name: "Pausa citaten" })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(6_100);
  await expect(dot(1)).toBeChecked();

  // The dot in keyboard focus stays the checked one until the focus leaves the dots.
  await page.getByRole("button", { name: "Föregående citat" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(dot(1)).toBeFocused();
  await page.clock.runFor(20_000);
  await expect(dot(1)).toBeChecked();
  await page.keyboard.press("Tab");
  await page.clock.runFor(6_100);
  await expect(dot(2)).toBeChecked();
});

test("the step and pause buttons are targets of at least 24 px at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  await hydrated(page);
  for (const name of ["Föregående citat", "Pausa citaten", "Nästa citat"]) {
    const button = page.getByRole("button", { name });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box && Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(24);
  }
});
