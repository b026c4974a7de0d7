// V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all its
// functions compiled eagerly, on a background thread as it loads, instead of each function on the
// main thread the first time it is called (docs/decisions/008-short-tasks-at-load.md).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Vite plugin: the hint on every chunk a page loads before any interaction, not on lazy chunks.
 * Done on the written files, since Vite prepends code after generateBundle and the hint only
 * counts on the very first line.
 * @returns {import("vite").Plugin}
 */
export function eagerCompileHints() {
  return {
    name: "eager-compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || (chunk.isDynamicEntry && !chunk.isEntry)) continue;
        const file = join(options.dir ?? "", chunk.fileName);
        writeFileSync(file, `${EAGER_COMPILE_HINT}\n${readFileSync(file, "utf8")}`);
      }
    },
  };
}
