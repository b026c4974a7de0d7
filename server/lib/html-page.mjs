// The shell of the pages the server writes itself (the no-JS forms' answers, the booking's manage page).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);

/** The built pages' stylesheet links, so the server's pages look like the site. */
export function stylesheetsOf(root) {
  const index = join(root, "index.html");
  if (!existsSync(index)) return "";
  const html = readFileSync(index, "utf8");
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => m[0]).join("");
}

export function page({ config, styles, title, body }) {
  return (
    `<!DOCTYPE html><html lang="sv"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)} | ${escapeHtml(config.siteName)}</title>${styles}</head>` +
    `<body class="bg-white text-ink-900"><header class="border-b border-ink-200">` +
    `<div class="mx-auto max-w-4xl px-4 py-4"><a href="/" class="text-lg font-bold text-ink-900">${escapeHtml(config.siteName)}</a></div>` +
    `</header><main class="mx-auto max-w-4xl px-4 py-12">` +
    `<a href="/" class="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">` +
    `<span aria-hidden="true">←</span> ${escapeHtml(config.copy.backHome)}</a>${body}</main></body></html>`
  );
}
