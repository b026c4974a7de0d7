// After `react-router build`: lets every page load its JavaScript after the first paint, writes
// sitemap.xml and robots.txt from the route list, Emma's knowledge.json, moves Vite's chunk manifest out of the public
// folder, writes the security headers (for the server and, as _headers, for static hosts) and
// precompresses every text asset (brotli and gzip) for the server to send as is.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { loadEnv } from "vite";
import { hashesOfBuild, headersFile, securityHeaders } from "../server/guards/security-headers.mjs";
import { ASSISTANT_FILE, splitArtifact } from "../server/lib/site-knowledge.mjs";
import { staticImportsOf } from "./lib/build-assets.mjs";
import { deferBoot } from "./build/defer-boot.mjs";
import { robotsTxt, sitemapXml } from "./lib/seo-files.mjs";
import {
  buildKnowledgeArtifact,
  loadFormConfig,
  loadSiteConfig,
  PAGE_TEXT_FILE,
  readPagesText,
} from "./lib/site-config.mjs";

const buildDir = process.env.BUILD_DIR ?? "build";
const root = `${buildDir}/client`;
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest|map)$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const env = { ...loadEnv("production", process.cwd(), "VITE_"), ...process.env };

// First, as the security headers hash the inline scripts of the final pages.
const pages = walk(root).filter((f) => f.endsWith(".html"));
const importsOf = (url) =>
  existsSync(join(root, url))
    ? staticImportsOf(readFileSync(join(root, url), "utf8")).map((spec) => new URL(spec, `http://x${url}`).pathname)
    : [];
for (const file of pages) writeFileSync(file, deferBoot(readFileSync(file, "utf8"), { importsOf }));
console.log(`postbuild: ${pages.length} pages load their JavaScript after the first paint`);

const { sitePages, notFoundPath, site } = await loadSiteConfig();
writeFileSync(join(root, "sitemap.xml"), sitemapXml({ siteUrl: site.url, pages: sitePages, notFoundPath }));
writeFileSync(join(root, "robots.txt"), robotsTxt({ siteUrl: site.url }));
console.log(`postbuild: sitemap.xml (${sitePages.length} pages) and robots.txt for ${site.url}`);

// Emma's knowledge: what the browser's knowledge answers and the server read, and beside it what
// only the server's AI endpoint sends (her persona, the fact sheet, the pages' full text), which
// the browser never loads.
// The pages' text as prerendered: what no written passage says becomes passages of its own.
const pagesText = await readPagesText(buildDir, sitePages);
writeFileSync(join(buildDir, PAGE_TEXT_FILE), JSON.stringify(pagesText));
const { knowledge, assistant } = splitArtifact(await buildKnowledgeArtifact(pagesText));
writeFileSync(join(root, "knowledge.json"), JSON.stringify(knowledge));
writeFileSync(join(buildDir, ASSISTANT_FILE), JSON.stringify(assistant));
console.log(`postbuild: knowledge.json (${knowledge.passages.length} passages) and ${ASSISTANT_FILE}`);

// Vite's manifest maps source modules to chunks; the budget tests and the bench read it to find
// lazy chunks (the chat panel) by what they contain. It is not for the public: move it beside.
const viteManifest = join(root, ".vite", "manifest.json");
if (existsSync(viteManifest)) {
  renameSync(viteManifest, join(buildDir, "client-manifest.json"));
  rmSync(join(root, ".vite"), { recursive: true, force: true });
}

// Security headers: the server reads security-headers.json; static hosts read client/_headers.
const headers = securityHeaders({ scriptHashes: hashesOfBuild(root), aiBaseUrl: env.VITE_AI_BASE_URL || undefined });
writeFileSync(join(root, "..", "security-headers.json"), `${JSON.stringify(headers, null, 2)}\n`);
writeFileSync(join(root, "_headers"), headersFile(headers));

// The contact forms' rules and copy, for the server's no-JavaScript form posts (server/routes/forms.mjs).
writeFileSync(join(root, "..", "forms.json"), `${JSON.stringify(await loadFormConfig(), null, 2)}\n`);

let count = 0;
for (const file of walk(root)) {
  if (/\.(br|gz)$/.test(file) || !COMPRESSIBLE.test(file) || statSync(file).size < 256) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`postbuild: precompressed ${count} files (br, gz)`);

if (!env.VITE_EMAILJS_PUBLIC_KEY) {
  console.warn(
    "postbuild: warning: VITE_EMAILJS_PUBLIC_KEY is not set. The contact forms and Emma's leads of this build " +
      "send to the local inbox of `npm start` (data/inbox/inbox.db, or DATABASE_URL); on a static host only a visitor's " +
      "own EmailJS config can send a lead.",
  );
}
