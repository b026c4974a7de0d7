import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { eagerCompileHints } from "./scripts/build/compile-hints.mjs";
import { preactAliases } from "./scripts/lib/preact-aliases.mjs";

// Stockholm's day, the site's own (as the inbox's): a build at 23:30 UTC is tomorrow's there, and
// the legal pages' "Senast uppdaterad" would change on hydration for a visitor in Sweden.
const buildDay = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(new Date());

/** The chunks of every page's first load (the groups below): Preact, React Router, the shared app code. */
const SHELL_CHUNK = /(^|\/)(preact|router|app)-[\w-]+\.js$/;

export default defineConfig({
  define: { __BUILD_DAY__: JSON.stringify(buildDay) },
  plugins: [tailwindcss(), reactRouter(), eagerCompileHints()],
  resolve: { tsconfigPaths: true, alias: preactAliases, dedupe: ["preact"] },
  // Development: one pre-bundled Preact for every dependency that imports React. lucide-react and
  // sonner are listed so that Vite does not find them mid-load and reload with a second Preact.
  optimizeDeps: {
    include: [
      "preact",
      "preact/compat",
      "preact/compat/client",
      "preact/hooks",
      "preact/jsx-runtime",
      "lucide-react",
      "sonner",
    ],
  },
  // Bundle dependencies into the prerender build too, so they get the aliases (Node would load React).
  // The development server runs them as ES modules, so the CommonJS ones are pre-bundled there.
  ssr: { noExternal: true, optimizeDeps: { include: ["cookie", "set-cookie-parser"] } },
  // manifest: kept (moved to build/client-manifest.json by scripts/postbuild.mjs) so the budget
  // tests and the bench can find lazy chunks by their source module.
  build: {
    target: "es2022",
    manifest: true,
    // A lazy chunk's preload list leaves out the shell's chunks: every page has loaded them already.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !SHELL_CHUNK.test(dep)) },
    rolldownOptions: {
      // React Router looks useOptimistic up and falls back when it is missing, as it is in Preact.
      onwarn(warning, warn) {
        if (warning.code === "IMPORT_IS_UNDEFINED" && warning.message.includes("useOptimistic")) return;
        warn(warning);
      },
      output: {
        // Few initial files (each costs a request and a preload): Preact, React Router, and the
        // initial app code shared by two or more routes each get one chunk; Preact and React Router
        // apart, so that evaluating each is a short task of its own (docs/decisions/008).
        // Lazy modules (chat panel, EmailJS, the voice SDK) keep their own chunks.
        // docs/decisions/004-javascript-after-first-paint.md
        codeSplitting: {
          groups: [
            { name: "preact", test: /node_modules[\\/]preact[\\/]/, priority: 20 },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/, priority: 20 },
            // Not Emma's text renderer: the operator's page shares it with the lazy chat panel only.
            {
              name: "app",
              tags: ["$initial"],
              minShareCount: 2,
              priority: 10,
              test: (id) => !/[\\/]rich-text\./.test(id),
            },
          ],
        },
      },
    },
  },
});
