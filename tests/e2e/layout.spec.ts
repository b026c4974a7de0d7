import type { Locator, Page } from "@playwright/test";
import { sitePages } from "../../app/config/routes";
import { ask, openChat, pastLeadFormDelay } from "./chat-helpers";
import { fillGetStarted, pastMinFillTime } from "./contact-helpers";
import { expect, forEachCase, hydrated, test } from "./fixtures";
import { chatLauncher, overFooterLine, resize } from "./layout-helpers";
import { configured, voiceButton } from "./voice-helpers";

/**
 * What a visitor on a small screen sees of the layout: nothing scrolls sideways, the floating
 * buttons leave the footer's last line readable, and a button whose label wraps grows around it.
 */

const paths = [...sitePages.map((p) => p.path), "/finns-inte/alls"];

/** Lays out every part that renders when near the viewport (decision 009), as scrolled past. */
async function renderAll(page: Page) {
  await page.evaluate(() => (document.documentElement.dataset.renderAll = ""));
}

test.describe("the footer's last line scrolls clear of the floating buttons", () => {
  // One page per route, resized through the widths (the layout follows the width in CSS alone),
  // with the time a test per width had.
  test("/ with the voice button and its settings badge, at 320×740 and 360×740", async ({ page }) => {
    test.setTimeout(2 * test.info().project.timeout);
    await configured(page);
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto("/");
    await hydrated(page);
    const floating = {
      "chat launcher": chatLauncher(page),
      "voice button": voiceButton(page),
      "voice settings": page.getByRole("button", { name: "Röstinställningar" }),
    };
    for (const width of [320, 360]) {
      await resize(page, width);
      expect(await overFooterLine(page, floating), `at ${width}×740`).toEqual([]);
    }
  });

  test("/kom-igang with the chat launcher, at 320×740 and 360×740", async ({ page }) => {
    test.setTimeout(2 * test.info().project.timeout);
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto("/kom-igang");
    await hydrated(page);
    for (const width of [320, 360]) {
      await resize(page, width);
      expect(await overFooterLine(page, { "chat launcher": chatLauncher(page) }), `at ${width}×740`).toEqual([]);
    }
  });
});

test("Emma's panel fits a phone held sideways (568×320): its header and close button are on the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 568, height: 320 });
  const panel = await openChat(page);
  const box = (await panel.boundingBox())!;
  expect(box.y, "the panel's top is on the screen").toBeGreaterThanOrEqual(0);
  await expect(panel.getByRole("button", { name: "Stäng chatten" })).toBeInViewport({ ratio: 1 });
  await expect(panel.getByRole("textbox", { name: "Din fråga till Emma" })).toBeInViewport({ ratio: 1 });
});

/**
 * Buttons (and links that look like one: rounded-full) whose visible label does not fit in their
 * box: its lines, at the label's line height, taller than the box inside its border, or any of its
 * text outside the box. Also counts the labels that wrapped, so a test can tell it saw some.
 */
async function labelsOutsideTheirButtons(scope: Page | Locator) {
  return scope.locator("a.rounded-full:visible, button.rounded-full:visible").evaluateAll((buttons) => {
    const outside: string[] = [];
    let wrapped = 0;
    for (const button of buttons) {
      // The boxes of the label's text, not of a name for screen readers only (.sr-only).
      const text: DOMRect[] = [];
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest(".sr-only") || !node.nodeValue?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        text.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
      }
      if (text.length === 0) continue; // an icon button
      const lineHeight = parseFloat(getComputedStyle(button).lineHeight);
      const tops: number[] = [];
      for (const r of text) if (!tops.some((t) => Math.abs(t - r.top) < lineHeight / 2)) tops.push(r.top);
      const lines = tops.length;
      if (lines > 1) wrapped++;
      const box = button.getBoundingClientRect();
      const label = `${button.textContent?.trim()} (${Math.round(box.width)}×${Math.round(box.height)} px, ${lines} lines)`;
      if (lines * lineHeight > button.clientHeight + 0.5) outside.push(label);
      else if (text.some((r) => r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5))
        outside.push(label);
    }
    return { outside, wrapped };
  });
}

test.describe("a button's label stays inside the button when it wraps", () => {
  // Each route loads once, at 320 px, and is resized to 360 px; the check that nothing scrolls
  // sideways at 320 px shares the load, as it looks at the same page.
  test("every route at 320 and 360 px, none scrolling sideways at 320 px", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    const wide: string[] = [];
    const outside: string[] = [];
    let wrappedAt320 = 0;
    const routes = Object.fromEntries(paths.map((path) => [path, path]));
    await forEachCase(
      routes,
      (path) => path,
      async (path) => {
        await resize(page, 320);
        await page.goto(path);
        await hydrated(page);
        await renderAll(page);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > 320) wide.push(`${path}: the page is ${scrollWidth} px wide at 320 px`);
        for (const width of [320, 360]) {
          await resize(page, width);
          const found = await labelsOutsideTheirButtons(page);
          outside.push(...found.outside.map((label) => `${path} at ${width} px: ${label}`));
          if (width === 320) wrappedAt320 += found.wrapped;
        }
      },
    );
    expect.soft(wide).toEqual([]);
    expect(outside).toEqual([]);
    // At 320 px 'Boka ett snabbt möte' on /automation-demo wraps: the check saw a wrapped label.
    expect(wrappedAt320).toBeGreaterThan(0);
  });

  test("Emma's lead form at 320 px: 'Skicka uppgifter' fits on one line in the panel", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.clock.install();
    const panel = await openChat(page, "/kom-igang");
    await ask(page, "Ja, jag är intresserad");
    await pastLeadFormDelay(page);
    const submit = panel.getByRole("button", { name: "Skicka uppgifter" });
    await expect(submit).toBeVisible();
    const found = await labelsOutsideTheirButtons(panel);
    expect(found.outside).toEqual([]);
    expect(found.wrapped, "no label in the panel wraps").toBe(0);
    const box = (await submit.boundingBox())!;
    const form = (await submit.locator("xpath=ancestor::form").boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(form.x + form.width);
  });
});

test("a toast sits below the header, and the opened mobile menu covers it (375 px)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.clock.install();
  await page.goto("/kom-igang");
  await hydrated(page);
  await fillGetStarted(page);
  await pastMinFillTime(page);
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Välj en tjänst" });
  await expect(toast).toBeVisible();
  const header = (await page.locator("header").boundingBox())!;
  // It slides in from above: where it comes to rest.
  await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

  await page.getByRole("button", { name: "Öppna menyn" }).click();
  const menu = page.getByRole("navigation", { name: "Mobilmeny" });
  await expect(menu).toBeVisible();
  await expect(toast).toBeVisible();
  // Every link of the open menu is what a tap at its middle reaches, toast or not.
  for (const link of await menu.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.textContent?.trim() ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toBe((await link.textContent())?.trim());
  }
});
