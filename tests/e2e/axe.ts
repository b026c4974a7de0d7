import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's violations on the page, or only inside `include` (CSS selectors).
 *
 * Parts marked `render-when-near` (content-visibility: auto, decision 009) are not rendered while
 * they are far from the viewport, and axe cannot judge the contrast of text the browser has not
 * painted: it sees the light footer links over the page's light background. A visitor only ever
 * sees such a part rendered, so the scan renders them all first and puts the page back after.
 * Everything else axe checks (names, roles, structure) is the same either way.
 */
export async function axeScan(page: Page, include: string[] = []) {
  // The same switch as a scroll to a remembered position (app/lib/deferred-render.ts).
  const renderedBefore = await page.evaluate(() => {
    const root = document.documentElement;
    const before = root.dataset.renderAll !== undefined;
    root.dataset.renderAll = "";
    return before;
  });
  try {
    const axe = include.reduce((builder, selector) => builder.include(selector), new AxeBuilder({ page }));
    return (await axe.analyze()).violations;
  } finally {
    if (!renderedBefore) await page.evaluate(() => delete document.documentElement.dataset.renderAll);
  }
}

/** Violations as one line each (rule, impact, elements), for a readable `toEqual([])` failure. */
export function describeViolations(violations: Awaited<ReturnType<typeof axeScan>>) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
