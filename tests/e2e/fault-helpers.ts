import type { Locator, Page, Request } from "@playwright/test";
import { FAULT, LEAD_LOST } from "./fault-summary-reporter";
import { expect, test } from "./fixtures";

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

/** The outbox as the page stored it (app/lib/email/outbox.ts), or null before its first write. */
export function storedOutbox(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("emma.outbox.v1"));
}

export async function outboxHolds(page: Page, email: string): Promise<boolean> {
  const raw = await storedOutbox(page);
  return JSON.parse(raw ?? "[]").some((e: { params: Record<string, string> }) => e.params.from_email === email);
}

/**
 * Moves the page's fake clock on until the outbox's retry has reached the mail service
 * (`delivered` is filled by the test's route), then waits for the service's answer to empty the
 * outbox. The retry is due within the longest backoff (30 s). The clock moves only while no
 * request to EmailJS is on its way, and in steps shorter than the send's 15 s timeout: running out
 * the timeout of a request still on its way in real time would make the outbox send again,
 * rightly for a real timeout, and the test would see a second delivery.
 */
export async function advanceUntilSent(page: Page, delivered: unknown[]): Promise<void> {
  const onTheirWay = new Set<Request>();
  const started = (r: Request) => void (r.url().startsWith("https://api.emailjs.com/") && onTheirWay.add(r));
  const ended = (r: Request) => void onTheirWay.delete(r);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await expect
      .poll(async () => {
        if (delivered.length === 0 && onTheirWay.size === 0) await page.clock.fastForward(10_000);
        return delivered.length;
      })
      .toBeGreaterThan(0);
    await expect.poll(() => storedOutbox(page)).toBe("[]");
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/** After a fault: the lead is still in the form, or kept in the outbox; else it is lost. */
export async function countLoss(page: Page, email: string, formField: Locator): Promise<void> {
  const stillTyped = (await formField.count()) > 0 && (await formField.inputValue()) === email;
  if (!stillTyped && !(await outboxHolds(page, email))) leadLost(email);
}
