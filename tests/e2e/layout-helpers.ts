import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Scrolls to the end of the page; deferred parts render on the way and change its height. */
export async function scrollToEnd(page: Page) {
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

export type Box = { x: number; y: number; width: number; height: number };
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Which of the floating buttons, scrolled to the end of the page, lie over the footer's last line. */
export async function overFooterLine(page: Page, floating: Record<string, Locator>) {
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

export const chatLauncher = (page: Page) => page.getByRole("button", { name: "Öppna chatten med Emma" });

/** Resizes the viewport of a loaded page, and waits until the page has the new width. */
export async function resize(page: Page, width: number, height = 740) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
}
