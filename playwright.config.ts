import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/e2e/chromium";

const port = Number(process.env.E2E_PORT ?? 4317);

/** Browser tests against the built, prerendered site served by the same server as `npm start`. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    serviceWorkers: "block",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: {
    command: "node server/index.mjs",
    env: { PORT: String(port), NODE_ENV: "production", INBOX_DIR: "test-results/inbox" },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    stdout: "ignore",
  },
});
