import type { Page } from "@playwright/test";

/** Hostile and unusual input: nothing executes, nothing crashes, what is sent is what was typed. */
export const payloads: Record<string, string> = {
  "10,000 characters": "å".repeat(10_000),
  "emoji and combining marks": "👩‍👩‍👧 Zoë e\u0301 Z̤͔ͧ̑̓ 🇸🇪",
  "right-to-left text": "مرحبا بالعالم שלום עולם",
  "leading and trailing spaces": "   mellanslag runt om   ",
  "HTML payload": '<img src=x onerror="window.__xss=1"><b>fet</b>',
  "script payload": "<script>window.__xss=1</script>\"'><svg onload=window.__xss=1>",
  "javascript: URL": "javascript:window.__xss=1//",
};

export async function canary(page: Page) {
  return page.evaluate(() => (window as { __xss?: unknown }).__xss);
}
