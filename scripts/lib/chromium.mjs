// How the browser tests and the bench launch Debian's Chromium (never a downloaded browser).

export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

/** A closed network and a fresh profile; each caller adds its own headless mode. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
