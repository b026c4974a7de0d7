import type { Page } from "@playwright/test";
import { sitePages } from "../../app/config/routes";
import { axeScan, describeViolations } from "./axe";
import { ask, openChat } from "./chat-helpers";
import { expect, forEachCase, hydrated, test } from "./fixtures";

// axe-core on every route and in every widget state: zero violations (WCAG 2.x A/AA and best
// practices, axe's defaults).

async function violations(page: Page) {
  return describeViolations(await axeScan(page));
}

// Every route in one test, each loaded in turn in one warm browser context.
test("every route, and the 404 page (an unknown path)", async ({ page }) => {
  const routes: Record<string, string> = {
    ...Object.fromEntries(sitePages.map(({ path }) => [path, path])),
    "the 404 page": "/finns-inte/alls",
  };
  await forEachCase(
    routes,
    (name) => name,
    async (path) => {
      await page.goto(path);
      await hydrated(page);
      if (path === "/finns-inte/alls") await expect(page.getByText("Oops! Page not found")).toBeVisible();
      expect(await violations(page)).toEqual([]);
    },
  );
});

test.describe("widget states", () => {
  test("mobile menu open at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Öppna menyn" }).click();
    await expect(page.getByRole("navigation", { name: "Mobilmeny" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("chat with the lead form shown", async ({ page }) => {
    await page.clock.install();
    await openChat(page);
    await ask(page, "Ja tack");
    await page.clock.runFor(1100);
    await expect(
      page.getByText("Perfekt! Låt mig få dina kontaktuppgifter så kan jag skicka relevant info:"),
    ).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  // The toast comes from the settings the first check opened: one page for both scans, and the
  // time two tests had.
  test("chat open with the settings shown, then a toast visible ('Fyll i alla fält' after saving an empty mail config)", async ({
    page,
  }) => {
    test.setTimeout(2 * test.info().project.timeout);
    const panel = await openChat(page);
    await panel.getByRole("button", { name: "Inställningar" }).click();
    await expect(panel.getByPlaceholder("API-nyckel...")).toBeVisible();
    await expect(panel.getByPlaceholder("Service ID")).toBeVisible();
    expect(await violations(page), "the settings shown").toEqual([]);

    await panel.getByRole("button", { name: "Spara EmailJS-konfiguration" }).click();
    const toast = page.getByText("Fyll i alla fält");
    await expect(toast).toBeVisible();
    // Toasts slide in: check the settled toast, not a frame of its animation (the hero's waveform
    // loops for ever and is no part of it).
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
    );
    expect(await violations(page)).toEqual([]);
  });

  test("voice setup panel open", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Konfigurera röstsamtal med Emma" }).click();
    await expect(page.getByRole("dialog", { name: "Emma Röst Setup" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
