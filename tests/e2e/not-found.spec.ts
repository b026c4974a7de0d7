import { expect, hydrated, test } from "./fixtures";

test("an unknown path answers 404 with the 404 page and logs the path", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (m) => m.type() === "error" && logged.push(m.text()));
  const res = await page.goto("/finns-inte/alls");
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  // The spec's English words on a Swedish page are marked as English, for screen readers.
  await expect(page.getByText("Oops! Page not found")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("lang", "en");
  expect(logged.some((l) => l.includes("/finns-inte/alls"))).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Banbrytande AI för företag och framtid");
});

test("the 404 page is there without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto("/nagot-annat");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await context.close();
});
