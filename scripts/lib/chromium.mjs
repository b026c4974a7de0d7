// How the browser tests and the bench launch Debian's Chromium (never a downloaded browser).
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * The browser tests' Chromium: Debian's headless shell when installed (decision 056: the suite in
 * 60 % of the time), else `chromiumPath`. It has no microphone, so voice tests take the full one.
 */
export const headlessShellPath =
  process.env.CHROME_PATH ||
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : chromiumPath);

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
