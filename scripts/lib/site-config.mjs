// Loads the app's own TypeScript config (route list, company details, services) into Node
// scripts through Vite's module runner, so build scripts and the bench never keep a copy of it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A module of the app (TypeScript, `~/` paths), as the build would read it. */
export async function loadModule(path) {
  // No vite.config: the React Router plugin is not needed to read plain data modules. The mode
  // "production" reads .env files and VITE_* variables the way `npm run build` does.
  const { module } = await runnerImport(`${root}${path}`, {
    configFile: false,
    root,
    mode: "production",
    logLevel: "error",
    // The app's "~/" imports (tsconfig paths), for modules that import others.
    resolve: { tsconfigPaths: true },
  });
  return module;
}

/**
 * @returns {Promise<{
 *   sitePages: { path: string, module: string, title: string, description: string, keyText: string }[],
 *   notFoundPath: string,
 *   site: { name: string, url: string, email: string, phone: string, city: string },
 * }>}
 */
export async function loadSiteConfig() {
  const [{ sitePages, notFoundPath }, { site }] = await Promise.all([
    loadModule("app/config/routes.ts"),
    loadModule("app/config/site.ts"),
  ]);
  return { sitePages, notFoundPath, site };
}

/** What the server needs to take the contact forms without JavaScript (see form-config.mjs). */
export async function loadFormConfig() {
  const { formConfig, formConfigModules } = await import("../../server/lib/form-config.mjs");
  const entries = await Promise.all(Object.entries(formConfigModules).map(async ([k, p]) => [k, await loadModule(p)]));
  return formConfig(Object.fromEntries(entries));
}

/**
 * Emma's knowledge artifact, built from the typed content the pages render (app/content/knowledge.ts),
 * the pages' visible text and the tuning sets' questions (evals/emma/manifest.ts): the build joins the rooms.
 * @param {import("#common/page-passages.mjs").PageText[]} [pages]
 */
export async function buildKnowledgeArtifact(pages = []) {
  const [{ knowledgeArtifact }, { exampleQuestions }] = await Promise.all([
    loadModule("app/content/knowledge.ts"),
    loadModule("evals/emma/manifest.ts"),
  ]);
  return knowledgeArtifact({ examples: exampleQuestions, pages });
}

/** Beside the build's client files: the public pages' visible text, as the build read it (decision 073). */
export const PAGE_TEXT_FILE = "page-text.json";

/**
 * The public pages' visible text from a build's prerendered HTML.
 * @param {string} buildDir
 * @param {readonly { path: string, title: string }[]} sitePages
 */
export async function readPagesText(buildDir, sitePages) {
  const { pagesText } = await import("./page-text.mjs");
  const file = (path) => join(buildDir, "client", path === "/" ? "" : path, "index.html");
  return pagesText(
    sitePages.map(({ path, title }) => ({
      path,
      title,
      html: existsSync(file(path)) ? readFileSync(file(path), "utf8") : "",
    })),
  );
}
