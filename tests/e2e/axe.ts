import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's violations on the page as it is, or only inside `include` (CSS selectors): the one
 * way the browser tests run axe.
 *
 * Parts marked `render-when-near` (decision 009) are scanned as they are, not rendered: that is
 * what Lighthouse's accessibility audit sees too. Their text can be judged only while their
 * height estimate is not shorter than the part (pages.spec checks that); otherwise axe looks for
 * a background behind a not yet rendered link in whatever follows the part, and reports it.
 */
export async function axeScan(page: Page, include: string[] = []) {
  // axe.run in the page, as Lighthouse runs it, rather than runPartial and then finishRun in a
  // blank page of its own: the same results where there are no cross-origin frames (the site has
  // none), in about half the time.
  const axe = include.reduce(
    (builder, selector) => builder.include(selector),
    new AxeBuilder({ page }).setLegacyMode(),
  );
  return (await axe.analyze()).violations;
}

/** Violations as one line each (rule, impact, elements), for a readable `toEqual([])` failure. */
export function describeViolations(violations: Awaited<ReturnType<typeof axeScan>>) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
