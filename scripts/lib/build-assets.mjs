// What a built page loads up front, and which lazy chunks exist, read from the build itself.
// Shared by the budget tests (tests/e2e/budgets.spec.ts) and the bench (scripts/bench.mjs).
// Chunks are found by what they contain (Vite's manifest for our own modules, content markers for
// third-party SDKs), never by file name, so new pages and widgets are covered without edits here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Budgets for the JavaScript a page loads before any interaction, in bytes of gzip. */
export const budgets = {
  /**
   * Issue 7's target: the bench reports against it and `npm test` asserts it on every route.
   * Reachable because React's API runs on Preact in the browser (docs/decisions/006-preact-compat.md).
   */
  initialJsGzip: 90 * 1024,
};

/** Code of the voice SDK (@vapi-ai/web) and of Daily's client (@daily-co/daily-js) that it brings. */
export const VOICE_SDK_MARKERS = /daily-js|dailyJsVersion|api\.vapi\.ai/;

/** Source modules whose chunks load lazily, by name in the bench's table. */
export const LAZY_MODULES = {
  "chat panel": "app/features/chat/chat-panel.tsx",
  "EmailJS SDK": "app/lib/email/email-client.ts",
  "toasts (sonner)": "node_modules/sonner/dist/index.mjs",
  "Emma's knowledge (search)": "common/search.mjs",
};

/** A page as it would be without JavaScript: every <script> and module preload removed. */
export function stripScripts(html) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "");
}

/** Prerendered HTML file of a route path. */
export function htmlFileOf(clientDir, path) {
  return path === "/" ? join(clientDir, "index.html") : join(clientDir, path.replace(/^\//, ""), "index.html");
}

/** Every file under a folder, relative paths with forward slashes. */
function walk(dir, prefix = "") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

const gzipCache = new Map();
/** Bytes of gzip (level 9, as postbuild precompresses) of a file under the client folder. */
export function gzipSize(clientDir, url) {
  const file = join(clientDir, url.replace(/^\//, ""));
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Static imports of an ES module chunk (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not `import()`. */
export function staticImportsOf(code) {
  const found = new Set();
  const re = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) found.add(m[1]);
  return [...found];
}

function resolveUrl(fromUrl, spec) {
  return new URL(spec, `http://x${fromUrl}`).pathname;
}

/**
 * The JavaScript and CSS a prerendered page loads before any interaction: modulepreloads,
 * scripts, stylesheets and, transitively, the static imports of every module among them.
 * @returns {{ js: string[], css: string[] }} URL paths such as /assets/root-abc.js
 */
export function initialAssetsOfHtml(clientDir, html) {
  const js = new Set();
  const css = new Set();
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href || !href.startsWith("/")) continue;
    if (/\brel="modulepreload"/.test(tag)) js.add(href);
    else if (/\brel="stylesheet"/.test(tag)) css.add(href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(m[1])?.[1];
    if (src?.startsWith("/")) js.add(src);
    // Inline boot code (React Router's module script, or its deferred form from
    // scripts/build/defer-boot.mjs) names every module it preloads or imports as a string.
    if (!/type="application\/(ld\+)?json"/.test(m[1]))
      for (const s of m[2].matchAll(/["'](\/[^"'\s]+\.js)["']/g)) js.add(s[1]);
  }
  const queue = [...js];
  while (queue.length) {
    const url = queue.pop();
    const file = join(clientDir, url.replace(/^\//, ""));
    if (!existsSync(file)) continue;
    for (const spec of staticImportsOf(readFileSync(file, "utf8"))) {
      const dep = resolveUrl(url, spec);
      if (!js.has(dep)) {
        js.add(dep);
        queue.push(dep);
      }
    }
  }
  return { js: [...js].sort(), css: [...css].sort() };
}

/** Initial assets of one route path, with their gzip sizes. */
export function initialAssetsOfRoute(clientDir, path) {
  const { js, css } = initialAssetsOfHtml(clientDir, readFileSync(htmlFileOf(clientDir, path), "utf8"));
  const sum = (urls) => urls.reduce((n, u) => n + gzipSize(clientDir, u), 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

/** Vite's chunk manifest of a build (kept by scripts/postbuild.mjs), or null when missing. */
export function readChunkManifest(buildDir) {
  const file = join(buildDir, "client-manifest.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/** URL paths of a manifest entry's chunk and of every chunk it imports statically. */
export function chunkClosure(manifest, key) {
  const urls = new Set();
  const visit = (k) => {
    const entry = manifest[k];
    if (!entry || urls.has(`/${entry.file}`)) return;
    urls.add(`/${entry.file}`);
    (entry.imports ?? []).forEach(visit);
  };
  visit(key);
  return urls;
}

/**
 * Lazily loaded chunks of a build: our own lazy modules from the manifest, the voice SDK by its
 * content. Each lists only the chunks a page does not already have from its initial load.
 * @param {{ buildDir: string, initialJs: Set<string> }} input initialJs: union over all routes
 * @returns {{ name: string, files: string[], gzip: number }[]}
 */
export function lazyChunks({ buildDir, initialJs }) {
  const clientDir = join(buildDir, "client");
  const manifest = readChunkManifest(buildDir) ?? {};
  const result = [];
  for (const [name, src] of Object.entries(LAZY_MODULES)) {
    if (!manifest[src]) continue;
    const files = [...chunkClosure(manifest, src)].filter((u) => !initialJs.has(u));
    result.push({ name, files, gzip: files.reduce((n, u) => n + gzipSize(clientDir, u), 0) });
  }
  const voice = voiceSdkChunks(clientDir);
  result.push({ name: "voice SDK", files: voice, gzip: voice.reduce((n, u) => n + gzipSize(clientDir, u), 0) });
  return result;
}

/** URL paths of every built chunk that contains voice SDK or Daily code. */
export function voiceSdkChunks(clientDir) {
  return walk(join(clientDir, "assets"))
    .filter((f) => f.endsWith(".js") && VOICE_SDK_MARKERS.test(readFileSync(join(clientDir, "assets", f), "utf8")))
    .map((f) => `/assets/${f}`);
}
