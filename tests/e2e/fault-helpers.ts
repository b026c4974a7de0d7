import type { Locator, Page } from "@playwright/test";
import { FAULT, LEAD_LOST } from "./fault-summary-reporter";
import { test } from "./fixtures";

/**
 * What the fault tests share: the annotations the closing summary counts
 * (fault-summary-reporter.ts), and the check that a lead survived a fault.
 */

/** Test details marking a test as one injected fault: `test(title, injectsFault("EmailJS 400"), body)`. */
export const injectsFault = (description: string) => ({ annotation: { type: FAULT, description } });

/** Records a lost lead for the summary (the test's own assertions say what went wrong). */
export function leadLost(email: string): void {
  test.info().annotations.push({ type: LEAD_LOST, description: email });
}

export async function outboxHolds(page: Page, email: string): Promise<boolean> {
  const raw = await page.evaluate(() => localStorage.getItem("emma.outbox.v1"));
  return JSON.parse(raw ?? "[]").some((e: { params: Record<string, string> }) => e.params.from_email === email);
}

/** After a fault: the lead is still in the form, or kept in the outbox; else it is lost. */
export async function countLoss(page: Page, email: string, formField: Locator): Promise<void> {
  const stillTyped = (await formField.count()) > 0 && (await formField.inputValue()) === email;
  if (!stillTyped && !(await outboxHolds(page, email))) leadLost(email);
}
