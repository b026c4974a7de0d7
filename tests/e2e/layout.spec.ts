import type { Locator, Page } from "@playwright/test";
import { sitePages } from "../../app/config/routes";
import { ask, openChat } from "./chat-helpers";
import { fillGetStarted, pastMinFillTime } from "./contact-helpers";
import { expect, hydrated, test } from "./fixtures";
import {
  configured,
  emitVoiceEvent,
  fakeMicrophone,
  standInChunk,
  statusPill,
  VOICE_CHUNK,
  voiceButton,
} from "./voice-helpers";

/**
 * What a visitor on a small screen sees of the layout: nothing scrolls sideways, the floating
 * buttons leave the footer's last line readable, and a button whose label wraps grows around it.
 */

// The status pill needs a microphone to open (the stand-in call below); a flag for the launch only.
test.use(fakeMicrophone);

const paths = [...sitePages.map((p) => p.path), "/finns-inte/alls"];

/** Lays out every part that renders when near the viewport (decision 009), as scrolled past. */
async function renderAll(page: Page) {
  await page.evaluate(() => (document.documentElement.dataset.renderAll = ""));
}

for (const path of paths) {
  test(`${path} does not scroll sideways at 320 px`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto(path);
    await hydrated(page);
    await renderAll(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `the page is ${width} px wide`).toBeLessThanOrEqual(320);
  });
}

/** Scrolls to the end of the page; deferred parts render on the way and change its height. */
async function scrollToEnd(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
      }),
    )
    .toBe(true);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Which of the floating buttons, scrolled to the end of the page, lie over the footer's last line. */
async function overFooterLine(page: Page, floating: Record<string, Locator>) {
  await scrollToEnd(page);
  const lines: Box[] = await page.getByRole("contentinfo").evaluate((footer) => {
    const range = document.createRange();
    range.selectNodeContents(footer.lastElementChild!);
    return [...range.getClientRects()].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
  expect(lines.length).toBeGreaterThan(0);
  const covering: string[] = [];
  for (const [name, locator] of Object.entries(floating)) {
    const box = await locator.boundingBox();
    expect(box, `${name} is shown`).not.toBeNull();
    if (lines.some((line) => overlaps(line, box!))) covering.push(name);
  }
  return covering;
}

const chatLauncher = (page: Page) => page.getByRole("button", { name: "Öppna chatten med Emma" });

test.describe("the footer's last line scrolls clear of the floating buttons", () => {
  for (const width of [320, 360]) {
    test(`/ with the voice button and its settings badge, at ${width}×740`, async ({ page }) => {
      await configured(page);
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/");
      await hydrated(page);
      const floating = {
        "chat launcher": chatLauncher(page),
        "voice button": voiceButton(page),
        "voice settings": page.getByRole("button", { name: "Röstinställningar" }),
      };
      expect(await overFooterLine(page, floating)).toEqual([]);
    });

    test(`/kom-igang with the chat launcher, at ${width}×740`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/kom-igang");
      await hydrated(page);
      expect(await overFooterLine(page, { "chat launcher": chatLauncher(page) })).toEqual([]);
    });
  }

  test.describe("during a voice call", () => {
    test.use({ permissions: ["microphone"] });

    // The status pill sits left of the voice button and reaches the centred line up to about
    // 1220 px; at 1280 px the footer keeps its usual padding.
    for (const width of [360, 768, 1024, 1280]) {
      test(`/ with the status pill while connecting and in the call, at ${width}×740`, async ({ page }) => {
        await configured(page);
        await standInChunk(page);
        await page.setViewportSize({ width, height: 740 });
        await page.goto("/");
        await hydrated(page);
        await voiceButton(page).click();
        await expect(statusPill(page)).toContainText("Ansluter…");
        const floating = {
          "chat launcher": chatLauncher(page),
          "voice button": voiceButton(page),
          "status pill": statusPill(page),
        };
        expect(await overFooterLine(page, floating)).toEqual([]);
        await emitVoiceEvent(page, { type: "call-start" });
        await expect(statusPill(page)).toContainText("Emma lyssnar");
        expect(await overFooterLine(page, floating)).toEqual([]);
      });
    }
  });
});

test.describe("the voice call's status pill on a narrow phone", () => {
  test.use({ permissions: ["microphone"] });

  for (const width of [320, 360]) {
    test(`its longest stage stays on the screen and inside the pill at ${width} px`, async ({ page }) => {
      await configured(page);
      // The SDK's chunk never arrives: the pill stays at its longest stage, 'laddar röstassistenten'.
      await page.route(VOICE_CHUNK, () => {});
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/");
      await hydrated(page);
      await voiceButton(page).click();
      await expect(statusPill(page)).toContainText("Ansluter… (laddar röstassistenten)");
      // The boxes of the text a visitor sees (not of a part for screen readers only: sr-only).
      const { pill, text } = await statusPill(page).evaluate((el) => {
        const text: DOMRect[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const style = getComputedStyle(node.parentElement!);
          if (style.position === "absolute" && parseFloat(style.width) <= 1) continue; // sr-only, maybe per width
          const range = document.createRange();
          range.selectNodeContents(node);
          text.push(...[...range.getClientRects()].map((r) => r.toJSON()));
        }
        return { pill: el.getBoundingClientRect().toJSON(), text };
      });
      expect(text.length).toBeGreaterThan(0);
      expect(pill.left, "the pill starts on the screen").toBeGreaterThanOrEqual(0);
      for (const r of text) {
        expect(r.left).toBeGreaterThanOrEqual(pill.left - 0.5);
        expect(r.right).toBeLessThanOrEqual(pill.right + 0.5);
        expect(r.top).toBeGreaterThanOrEqual(pill.top - 0.5);
        expect(r.bottom).toBeLessThanOrEqual(pill.bottom + 0.5);
      }
    });
  }
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
  for (const width of [320, 360]) {
    test(`every route at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      const outside: string[] = [];
      let wrapped = 0;
      for (const path of paths) {
        await page.goto(path);
        await hydrated(page);
        await renderAll(page);
        const found = await labelsOutsideTheirButtons(page);
        outside.push(...found.outside.map((label) => `${path}: ${label}`));
        wrapped += found.wrapped;
      }
      expect(outside).toEqual([]);
      // At 320 px 'Boka ett snabbt möte' on /automation-demo wraps: the check saw a wrapped label.
      if (width === 320) expect(wrapped).toBeGreaterThan(0);
    });
  }

  test("Emma's lead form at 320 px: 'Skicka uppgifter' fits on one line in the panel", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    const panel = await openChat(page, "/kom-igang");
    await ask(page, "Ja, jag är intresserad");
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
