// The text a visitor sees on a prerendered page, by section, for Emma's knowledge (decision 073).
// parse5 is the HTML parser jsdom itself uses: the browser's parsing rules, no DOM to build.
import { parse } from "parse5";

/** @typedef {import("#common/page-passages.mjs").PageText} PageText */

const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "head", "title", "select", "textarea"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4"]);
// Elements whose text stands apart from the next element's: a line of its own.
const BLOCKS = new Set([
  ...HEADINGS,
  ...["p", "li", "div", "section", "article", "header", "footer", "nav", "main", "aside", "blockquote"],
  ...["figcaption", "dt", "dd", "td", "th", "label", "button", "legend", "form", "ul", "ol", "dl", "tr"],
  ...["h5", "h6", "br", "summary", "details", "fieldset", "table", "address"],
]);
const SHELL = new Set(["header", "footer", "nav"]);
// A link's, a button's or a field's words alone on a line name a control: no sentence to know.
const CONTROLS = new Set(["a", "button", "label"]);

const attr = (node, name) => node.attrs?.find((a) => a.name === name)?.value;

/** Text no sighted visitor sees: hidden, aria-hidden decoration, screen-reader-only. */
function hidden(node) {
  if (!node.attrs) return false;
  if (attr(node, "hidden") !== undefined || attr(node, "aria-hidden") === "true") return true;
  if (node.tagName === "input" || node.tagName === "option") return true;
  return /(^|\s)sr-only(\s|$)/.test(attr(node, "class") ?? "");
}

/**
 * A page's visible text: `main` by its headings (each heading opens a section named by it and by
 * the nearest `id` around it (or its own)), and apart from it the header, nav, footer and anything else outside.
 * @param {string} html a whole prerendered page
 * @returns {{ sections: { heading: string, anchor: string, lines: string[] }[], shell: string[] }}
 */
export function visibleText(html) {
  const sections = [{ heading: "", anchor: "", lines: /** @type {string[]} */ ([]) }];
  const shell = /** @type {string[]} */ ([]);
  let line = "";
  let inMain = 0;
  let inShell = 0;
  // Two elements side by side with no space between ("Tjänster" "Om oss") are two lines.
  let boundary = false;
  let inControl = 0;
  let prose = false;
  const target = () => (inMain && !inShell ? /** @type {string[]} */ (sections.at(-1)?.lines) : shell);
  const flush = () => {
    const text = line.replace(/[\s\u00a0]+/g, " ").trim();
    if (prose && /[\p{L}\p{N}]/u.test(text)) target().push(text);
    line = "";
    prose = false;
  };
  /** @param {any} node @param {string} anchor the nearest id around it */
  const walk = (node, anchor = "") => {
    if (node.nodeName === "#text") {
      if (boundary && /[\p{L}\p{N}]$/u.test(line) && /^[\p{L}\p{N}]/u.test(node.value)) flush();
      boundary = false;
      line += node.value;
      if (!inControl && node.value.trim()) prose = true;
      return;
    }
    boundary = true;
    if (SKIPPED.has(node.tagName) || hidden(node)) return;
    const tag = node.tagName;
    const id = attr(node, "id");
    const main = tag === "main";
    const isShell = SHELL.has(tag) && !inMain;
    if (BLOCKS.has(tag)) flush();
    if (main) inMain++;
    if (isShell) inShell++;
    if (CONTROLS.has(tag)) inControl++;
    if (HEADINGS.has(tag) && inMain && !inShell) {
      const heading = textOf(node);
      sections.push({ heading, anchor: anchor || (id ?? ""), lines: [] });
    }
    for (const child of node.childNodes ?? []) walk(child, main ? "" : (id ?? anchor));
    boundary = true;
    if (BLOCKS.has(tag)) flush();
    if (main) inMain--;
    if (isShell) inShell--;
    if (CONTROLS.has(tag)) inControl--;
  };
  walk(parse(html));
  flush();
  return { sections: sections.filter((s) => s.lines.length), shell };
}

/** @param {any} node */
function textOf(node) {
  if (node.nodeName === "#text") return node.value;
  if (SKIPPED.has(node.tagName) || hidden(node)) return "";
  return (node.childNodes ?? [])
    .map(textOf)
    .join(" ")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/**
 * Every public page's text as Emma's knowledge reads it: the shell once (it repeats on each page).
 * @param {{ path: string, title: string, html: string }[]} pages
 * @returns {PageText[]}
 */
export function pagesText(pages) {
  const result = /** @type {PageText[]} */ ([]);
  const seenShell = new Set();
  for (const { path, title, html } of pages) {
    const { sections, shell } = visibleText(html);
    result.push({ path, title, sections });
    const fresh = shell.filter((l) => !seenShell.has(l));
    fresh.forEach((l) => seenShell.add(l));
    if (fresh.length) result.push({ path, title, sections: [{ heading: "", anchor: "", lines: fresh, shell: true }] });
  }
  return result;
}
