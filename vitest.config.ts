// A separate config: the React Router Vite plugin does not run under Vitest.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";
import { preactAliases } from "./scripts/lib/preact-aliases.mjs";

/** Node 25 and later have a localStorage of their own, which hides jsdom's in component tests. */
const nodeMajor = Number(process.versions.node.split(".")[0]);

/** A file of an installed package, by path (some are not in the package's exports). */
const pkgFile = (path: string) => fileURLToPath(new URL(`node_modules/${path}`, import.meta.url));

/**
 * `import { X } from "lucide-react"` as one import per icon: the package's entry imports all its
 * 4,800 icons, which the build's tree-shaking drops but each component test file ran (seconds).
 */
function lucidePerIcon(): Plugin {
  const entry = readFileSync(pkgFile("lucide-react/dist/esm/lucide-react.mjs"), "utf8");
  const icons = new Map<string, string>();
  for (const [, names, file] of entry.matchAll(/^export \{ (.*) \} from '\.\/icons\/([\w-]+)\.mjs';$/gm))
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) icons.set(name!, file!);
  return {
    name: "lucide-per-icon",
    transform(code, id) {
      if (id.includes("/node_modules/") || !code.includes("lucide-react")) return null;
      return code.replace(/import \{([^}]*)\} from "lucide-react";/g, (statement, list: string) => {
        const parts = list.split(",").map((part) => part.trim().split(/\s+as\s+/));
        // Anything but icons (createLucideIcon, a type) keeps the package's own entry.
        if (!parts.every(([name]) => !name || icons.has(name))) return statement;
        const imports = parts
          .filter(([name]) => name)
          .map(
            ([name, local]) => `import ${local ?? name} from "lucide-react/dist/esm/icons/${icons.get(name!)}.mjs";`,
          );
        // As many lines as before, so a stack trace's line numbers stay true.
        return imports.join(" ") + "\n".repeat(statement.split("\n").length - 1);
      });
    },
  };
}

export default defineConfig({
  plugins: [lucidePerIcon()],
  define: { __BUILD_DAY__: JSON.stringify("2026-01-01") },
  resolve: {
    tsconfigPaths: true,
    alias: [
      // Node's resolution would give these their CommonJS builds, whose require("react") gets
      // React itself rather than the Preact aliases below: take their ES builds.
      {
        find: /^@testing-library\/react$/,
        replacement: pkgFile("@testing-library/react/dist/@testing-library/react.esm.js"),
      },
      { find: /^react-router$/, replacement: pkgFile("react-router/dist/development/index.mjs") },
      { find: /^lucide-react$/, replacement: pkgFile("lucide-react/dist/esm/lucide-react.mjs") },
      ...preactAliases,
    ],
  },
  test: {
    // Plain logic runs in Node; a test of components or of browser APIs names its environment in
    // its first line (`// @vitest-environment jsdom`): a jsdom per file costs about a second.
    environment: "node",
    // Many tests start servers, child processes or databases: on a busy 2-core machine that takes
    // seconds, and a test asserts behaviour, never time.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // More workers than cores, and no fresh module graph per file: the tests wait on PostgreSQL,
    // child servers and timers, and isolation cost most of a second per file (decision 075).
    maxWorkers: availableParallelism() + 1,
    isolate: false,
    execArgv: nodeMajor >= 25 ? ["--no-experimental-webstorage"] : [],
    include: [
      "app/**/*.test.{ts,tsx}",
      "common/**/*.test.{ts,mjs}",
      "server/**/*.test.{ts,mjs}",
      "scripts/**/*.test.{ts,mjs}",
      "evals/**/*.test.{ts,mjs}",
      "deploy/**/*.test.mjs",
    ],
    setupFiles: ["./app/test-setup.ts"],
    globalSetup: ["./evals/emma/knowledge-setup.ts"],
    restoreMocks: true,
    // Through Vite's resolver, so their own imports of react and react-dom get the aliases too.
    server: { deps: { inline: [/@testing-library\/react/, /react-router/, /sonner/, /lucide-react/] } },
  },
});
