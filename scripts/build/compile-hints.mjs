// V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all its
// functions compiled eagerly, on a background thread as it loads, instead of each function on the
// main thread the first time it is called (docs/decisions/008-short-tasks-at-load.md).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Vite plugin: puts the hint at the top of every chunk of the browser build that a page may load
 * before any interaction (entries, route modules and what they import statically), not on the
 * lazy chunks (chat panel, toasts, EmailJS, the voice SDK), most of whose functions a visitor may
 * never call. Done on the written files: Vite prepends code of its own to some chunks after the
 * plugins' generateBundle, and the hint only counts on the very first line.
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
