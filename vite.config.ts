import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const pad = (n: number) => String(n).padStart(2, "0");
const now = new Date();
const buildDay = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

export default defineConfig({
  define: { __BUILD_DAY__: JSON.stringify(buildDay) },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // manifest: kept (moved to build/client-manifest.json by scripts/postbuild.mjs) so the budget
  // tests and the bench can find lazy chunks by their source module.
  build: {
    target: "es2022",
    manifest: true,
    rolldownOptions: {
      output: {
        // Few initial files (each costs a request and a preload): React DOM, React + React
        // Router, and the initial app code shared by two or more routes each get one chunk.
        // Lazy modules (chat panel, EmailJS, the voice SDK) keep their own chunks.
        // docs/decisions/004-javascript-after-first-paint.md
        codeSplitting: {
          groups: [
            { name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 30 },
            { name: "framework", test: /node_modules[\\/](react|react-router)[\\/]/, priority: 20 },
            { name: "app", tags: ["$initial"], minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
});
