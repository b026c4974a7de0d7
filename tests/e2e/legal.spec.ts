import { expect, hydrated, test } from "./fixtures";

for (const path of ["/privacy-policy", "/terms-of-service", "/cookie-policy"]) {
  test(`${path} shows today's date in the visitor's browser`, async ({ page, consoleErrors }) => {
    // A day that is surely not the build day: the prerendered date must be replaced after hydration.
    await page.clock.setFixedTime(new Date("2031-03-07T10:00:00+01:00"));
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByText("Senast uppdaterad: 7 mars 2031")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}

test("the terms say Swedish law applies and the cookie policy names the three kinds", async ({ page }) => {
  await page.goto("/terms-of-service");
  await expect(page.getByText("Svensk lag gäller")).toBeVisible();
  await page.goto("/cookie-policy");
  for (const kind of ["Nödvändiga", "Funktionella", "Analytiska"]) {
    await expect(page.getByRole("heading", { name: kind })).toBeVisible();
  }
});
