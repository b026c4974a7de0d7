/**
 * How the browser tests launch Debian's Chromium, shared by playwright.config.ts and by specs that
 * need a few extra flags (the voice spec adds a fake microphone): they extend, never replace, these.
 */
export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

// Debian's Chromium on a closed network; Playwright gives every launch a fresh profile.
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
