import { chromiumFlags, chromiumPath, headlessShellPath } from "../../scripts/lib/chromium.mjs";

/**
 * How the browser tests launch Chromium, shared by playwright.config.ts and by specs that need a
 * few extra flags (the voice specs add a fake microphone, which only the full Chromium has).
 */
export { chromiumPath, headlessShellPath };

export const chromiumArgs = ["--headless", ...chromiumFlags];
