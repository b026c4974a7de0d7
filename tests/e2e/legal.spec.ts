import { expect, hydrated, test } from "./fixtures";

for (const path of ["/privacy-policy", "/terms-of-service", "/cookie-policy"]) {
  test(`${path} shows today's date in the visitor's browser`, async ({ page, consoleErrors }) => {
    // 400 days after the build, surely not its day: the prerendered date must be replaced on hydration.
    const later = new Date(Date.now() + 400 * 86_400_000);
    const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", dateStyle: "long" }).format(later);
    await page.clock.setFixedTime(later);
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByText(`Senast uppdaterad: ${day}`)).toBeVisible();
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
