import { sitePages } from "../../app/config/routes";
import { expect, hydrated, test } from "./fixtures";

test.describe("every page is prerendered", () => {
  for (const page of sitePages) {
    test(`${page.path} has its content without JavaScript`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const p = await context.newPage();
      const res = await p.goto(page.path);
      expect(res?.status()).toBe(200);
      await expect(p.getByText(page.keyText).first()).toBeVisible();
      await expect(p).toHaveTitle(new RegExp(page.title));
      expect(await p.locator("html").getAttribute("lang")).toBe("sv");
      await context.close();
    });

    test(`${page.path} hydrates without console errors`, async ({ page: p, consoleErrors }) => {
      await p.goto(page.path);
      await hydrated(p);
      await expect(p.getByText(page.keyText).first()).toBeVisible();
      await expect(p.locator("meta[name=description]")).toHaveAttribute("content", page.description);
      expect(consoleErrors).toEqual([]);
    });
  }
});
