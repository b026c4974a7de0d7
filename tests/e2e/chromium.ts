import { chromiumFlags, chromiumPath } from "../../scripts/lib/chromium.mjs";

/**
 * How the browser tests launch Chromium, shared by playwright.config.ts and by specs that need a
 * few extra flags (the voice spec adds a fake microphone): they extend, never replace, these.
 */
export { chromiumPath };

export const chromiumArgs = ["--headless", ...chromiumFlags];
