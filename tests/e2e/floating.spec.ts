import type { Page } from "@playwright/test";
import { sitePages } from "../../app/config/routes";
import { expect, hydrated, test } from "./fixtures";

/**
 * The floating chat and voice buttons sit over the page as chat widgets do (issue 44: no bar of
 * their own). They cover no text and no control at the end of each page, where nothing scrolls
 * out from under them, nor on the first screen from 1280 px, where they sit in the margin; no
 * control in keyboard focus hides under them; and no page scrolls sideways. At five widths.
 */

const paths = [...sitePages.map((p) => p.path), "/finns-inte/alls"];
const screens = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 414, height: 896 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

/**
 * Text (line boxes of visible text nodes) and controls that a floating button hides: they meet
 * its box, and with the buttons hidden they are what shows at the middle of that overlap (so
 * content scrolled behind the sticky header is not covered).
 */
function coveredThings(): string[] {
  const fixed = [...document.querySelectorAll<HTMLElement>("body *")].filter(
    (el) => getComputedStyle(el).position === "fixed" && el.getBoundingClientRect().width > 0,
  );
  const floating = fixed.filter((el) => el.matches("button, :has(button)"));
  const inFixed = (node: Node) => fixed.some((f) => f.contains(node));
  const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const overlap = (a: DOMRect, b: DOMRect) => {
    const left = Math.max(a.left, b.left);
    const right = Math.min(a.right, b.right);
    const top = Math.max(a.top, b.top);
    const bottom = Math.min(a.bottom, b.bottom);
    return a.width > 1 && a.height > 1 && left < right && top < bottom
      ? { x: (left + right) / 2, y: (top + bottom) / 2 }
      : null;
  };
  const candidates: { owner: Element; what: string; x: number; y: number }[] = [];
  const label = (f: HTMLElement) => f.querySelector("button")?.textContent?.trim() || f.textContent?.trim() || "";

  const controls = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex='0']");
  for (const el of controls) {
    if (inFixed(el) || !shown(el)) continue;
    for (const f of floating) {
      const at = overlap(el.getBoundingClientRect(), f.getBoundingClientRect());
      const name = el.textContent?.trim() || el.getAttribute("aria-label");
      if (at) candidates.push({ owner: el, what: `control "${name}" under "${label(f)}"`, ...at });
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || inFixed(node) || !shown(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects())
      for (const f of floating) {
        const at = overlap(rect, f.getBoundingClientRect());
        const text = node.textContent.trim().slice(0, 40);
        if (at) candidates.push({ owner: parent, what: `text "${text}" under "${label(f)}"`, ...at });
      }
  }
  floating.forEach((f) => (f.style.visibility = "hidden"));
  const hits = candidates.filter(({ owner, x, y }) => {
    const top = document.elementFromPoint(x, y);
    return top !== null && (owner.contains(top) || top.contains(owner));
  });
  floating.forEach((f) => (f.style.visibility = ""));
  return [...new Set(hits.map((h) => h.what))];
}

async function scrollTo(page: Page, where: "top" | "end") {
  await page.evaluate((where) => {
    const top = where === "top" ? 0 : document.documentElement.scrollHeight;
    window.scrollTo({ top, behavior: "instant" });
  }, where);
}

for (const path of paths) {
  test(`${path}: floating buttons cover nothing and nothing overflows`, async ({ page }) => {
    for (const screen of screens) {
      await page.setViewportSize(screen);
      await page.goto(path);
      await hydrated(page);
      // Every part laid out as it is once scrolled past (decision 009).
      await page.evaluate(() => (document.documentElement.dataset.renderAll = ""));
      for (const where of screen.width >= 1280 ? (["top", "end"] as const) : (["end"] as const)) {
        await scrollTo(page, where);
        expect(await page.evaluate(coveredThings), `${path} at ${screen.width} px, ${where}`).toEqual([]);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways at ${screen.width} px`).toBeLessThanOrEqual(0);
    }
  });
}

for (const width of [320, 375, 768]) {
  test(`at ${width} px the page shows beside the floating buttons, and its end is the footer's`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/");
    await hydrated(page);
    // What a tap near the bottom corners reaches: the page (no band of the buttons' own), then at the end the footer.
    const atBottom = () =>
      page.evaluate(() =>
        [8, innerWidth / 2].map((x) => {
          const hit = document.elementFromPoint(x, innerHeight - 4);
          let fixed = false;
          for (let el = hit; el; el = el.parentElement) fixed ||= getComputedStyle(el).position === "fixed";
          return { fixed, inFooter: Boolean(hit?.closest("footer")) };
        }),
      );
    expect((await atBottom()).map((p) => p.fixed)).toEqual([false, false]);
    await page.evaluate(() => (document.documentElement.dataset.renderAll = ""));
    await scrollTo(page, "end");
    expect(await atBottom()).toEqual([
      { fixed: false, inFooter: true },
      { fixed: false, inFooter: true },
    ]);
  });
}

for (const width of [375, 1280]) {
  test(`the chat and voice launchers are among the first Tab stops of / at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await hydrated(page);
    const stops: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          return el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
        }),
      );
    }
    // Skip link, logo, then the navigation (4 links and 'Kom igång', or the menu button on a phone).
    expect(stops).toContain("Öppna chatten med Emma");
    expect(stops).toContain("Konfigurera röstsamtal med Emma");
    expect(stops.indexOf("Öppna chatten med Emma")).toBeLessThan(stops.indexOf("Konfigurera röstsamtal med Emma"));
  });
}

/**
 * The focused element, unless it sits in the header or a floating box: how many px of it show
 * between the sticky header and the window's bottom, its height, and the floating buttons it meets.
 */
function focusShown() {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const fixedAncestor = (node: Element | null): boolean =>
    !!node && (getComputedStyle(node).position === "fixed" || fixedAncestor(node.parentElement));
  if (el.closest("header") || fixedAncestor(el)) return null;
  const floating = [...document.querySelectorAll<HTMLElement>("body *")].filter(
    (f) => getComputedStyle(f).position === "fixed" && f.matches("button, :has(button)") && f.offsetHeight > 0,
  );
  const top = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  const r = el.getBoundingClientRect();
  const under = floating.filter((f) => {
    const b = f.getBoundingClientRect();
    return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
  });
  const label = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.labels?.[0] : null;
  const name = (el.getAttribute("aria-label") ?? label?.textContent ?? el.textContent ?? "").trim().slice(0, 40);
  return {
    name,
    shown: Math.min(r.bottom, window.innerHeight) - Math.max(r.top, top),
    height: r.height,
    under: under.map((f) => {
      const button = f.querySelector("button") ?? f;
      return (button.getAttribute("aria-label") ?? button.textContent ?? "").trim();
    }),
  };
}

for (const [path, width] of [
  ["/", 375],
  ["/", 1280],
  ["/kom-igang", 375],
] as const) {
  test(`${path} at ${width} px: a control in keyboard focus never hides under the header or a floating button`, async ({
    page,
  }) => {
    test.slow(); // it tabs through every control of the page: 22 s of 30 on a slow, busy machine
    await page.setViewportSize({ width, height: 740 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(path);
    await hydrated(page);
    // Once round the page each way: as many presses as there are controls (radios share a stop).
    const stops = await page.evaluate(
      () => document.querySelectorAll("a[href], button, input:not([type='radio']), select, textarea").length,
    );
    const hidden: string[] = [];
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < stops; i++) {
        await page.keyboard.press(key);
        const f = await page.evaluate(focusShown);
        if (f && f.shown < Math.min(f.height, 16)) hidden.push(`${key} "${f.name}": ${Math.round(f.shown)} px shown`);
        if (f && f.under.length > 0) hidden.push(`${key} "${f.name}": under ${f.under.join(", ")}`);
      }
    }
    expect(hidden).toEqual([]);
  });
}
