import { expect, freezeClock, hydrated, test } from "./fixtures";

const activeQuote = (page: import("@playwright/test").Page) => page.locator("figure[data-active]");

test("quotes rotate every 6 seconds, dots pick one, pause stops rotation", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  await freezeClock(page);
  // Picking quote 2 starts a fresh 6 s period at the frozen moment.
  await page.getByRole("radio", { name: "Visa citat 2 av 18" }).click();
  await expect(page.getByRole("radio", { name: "Visa citat 2 av 18" })).toBeChecked();
  const second = (await activeQuote(page).textContent()) ?? "";
  await page.clock.runFor(5_900);
  expect(await activeQuote(page).textContent()).toBe(second);
  await page.clock.runFor(200);
  await expect(activeQuote(page)).not.toHaveText(second);
  await expect(page.getByRole("radio", { name: "Visa citat 3 av 18" })).toBeChecked();

  await page.getByRole("radio", { name: "Visa citat 10 av 18" }).click();
  await expect(page.getByRole("radio", { name: "Visa citat 10 av 18" })).toBeChecked();
  const tenth = (await activeQuote(page).textContent()) ?? "";

  await page.getByRole("button", { name: "Pausa citaten" }).click();
  await page.clock.runFor(20_000);
  expect(await activeQuote(page).textContent()).toBe(tenth);

  await page.getByRole("button", { name: "Spela upp citaten" }).click();
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

  await page.getByRole("button", { name: "Spela upp citaten" }).focus();
  await page.keyboard.press("Tab");
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
  expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).not.toBe("radio");
});
