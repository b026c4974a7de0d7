import { test as base, expect, type Page } from "@playwright/test";

/** Hosts of outside services. No test may reach them: they are aborted unless a test routes them. */
export const OUTSIDE_HOSTS =
  /^https?:\/\/([^/]+\.)?(emailjs\.com|openai\.com|vapi\.ai|daily\.co|dailyco\.|sentry\.io|krisp\.ai)/;

/** Console errors the site logs on purpose. */
const EXPECTED_CONSOLE = [/^404 Error: User attempted to access non-existent route/];

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error" || EXPECTED_CONSOLE.some((re) => re.test(msg.text()))) return;
      // The 404 page itself answers with status 404, which Chromium logs as a failed load.
      if (/status of 404/.test(msg.text()) && msg.location().url === page.url()) return;
      errors.push(`${msg.text()} (${msg.location().url})`);
    });
    page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
  },
  page: async ({ page }, use) => {
    await page.route(OUTSIDE_HOSTS, (route) => route.abort("blockedbyclient"));
    await use(page);
  },
});

export { expect };

/** Waits until React has hydrated the page (root.tsx marks <html> once the app is interactive). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Runs `body` for each case as a step titled `title(name)`, so a test that batches cases into one
 * page still says which case failed. Each case gets the time a test of its own had.
 */
export async function forEachCase<T>(
  cases: Record<string, T>,
  title: (name: string) => string,
  body: (value: T, name: string) => Promise<void>,
) {
  const entries = Object.entries(cases);
  test.setTimeout(test.info().timeout + entries.length * test.info().project.timeout);
  for (const [name, value] of entries) await test.step(title(name), () => body(value, name));
}

/** Clears the storage of the page's origin, so the next load starts as a first visit would. */
export async function forgetStorage(page: Page) {
  if (!page.url().startsWith("http")) return;
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * Stops the page's fake clock (installed with page.clock.install) a moment from now, so timings
 * can be stepped exactly with runFor: a running fake clock keeps moving in real time while the
 * test waits, which makes 'not yet at 900 ms' checks flaky on a busy machine.
 */
export async function freezeClock(page: Page) {
  // On a busy machine the page's clock can pass the mark before pauseAt reaches it: mark again.
  for (let tries = 1; ; tries++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1000);
      return;
    } catch (error) {
      if (tries >= 5 || !/to the past/.test(String(error))) throw error;
    }
  }
}
