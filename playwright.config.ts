import { defineConfig } from "@playwright/test";
import { chromiumArgs, headlessShellPath } from "./tests/e2e/chromium";

const port = Number(process.env.E2E_PORT ?? 4317);
const configuredPort = port + 1;

/** Specs that need the build with EmailJS configured (build-e2e/, see scripts/build-e2e.mjs). */
const configuredSpecs = /\.emailjs\.spec\.ts$/;

/** Every test sends from 127.0.0.1: far above the inbox's per-client limit (tested in server/). */
const manySends = {
  INBOX_RATE_LIMIT: "100000",
  INSIGHTS_RATE_LIMIT: "100000",
  BOOKING_HOLD_LIMIT: "100000",
  BOOKING_OPEN_HOLDS: "100000",
  BOOKING_EMAIL_LIMIT: "100000",
  BOOKING_ADDRESS_LIMIT: "100000",
  BOOKING_SURGE_COUNT: "100000",
};
/** Many questions come from 127.0.0.1 in a run; server/routes/assistant.test.mjs checks the defaults. */
const generousAiLimits = { AI_RATE_PER_MINUTE: "10000", AI_RATE_PER_DAY: "100000", AI_DAILY_TOKENS: "100000000" };

/**
 * Browser tests against built, prerendered sites served by the same server as `npm start`:
 * build/ as a fresh machine has it (contact forms go to the local inbox), and build-e2e/ with
 * EmailJS configured (its host intercepted by the tests).
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // The second prints the fault suite's closing line, 'N faults injected, N leads lost'.
  reporter: [["list"], ["./tests/e2e/fault-summary-reporter.ts"]],
  use: {
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    serviceWorkers: "block",
    launchOptions: { executablePath: headlessShellPath, args: chromiumArgs },
  },
  projects: [
    { name: "site", testIgnore: configuredSpecs, use: { baseURL: `http://127.0.0.1:${port}` } },
    { name: "emailjs", testMatch: configuredSpecs, use: { baseURL: `http://127.0.0.1:${configuredPort}` } },
  ],
  webServer: [
    {
      command: "node server/index.mjs",
      env: {
        PORT: String(port),
        NODE_ENV: "production",
        INBOX_DIR: `test-results/inbox-${port}`,
        ...manySends,
        ...generousAiLimits,
      },
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: "node server/index.mjs",
      env: {
        PORT: String(configuredPort),
        NODE_ENV: "production",
        BUILD_ROOT: "build-e2e/client",
        INBOX_DIR: `test-results/inbox-${configuredPort}`,
        ...manySends,
        ...generousAiLimits,
      },
      url: `http://127.0.0.1:${configuredPort}/`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
  ],
});
