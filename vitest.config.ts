// A separate config: the React Router Vite plugin does not run under Vitest.
import { defineConfig } from "vitest/config";

export default defineConfig({
  define: { __BUILD_DAY__: JSON.stringify("2026-01-01") },
  resolve: { tsconfigPaths: true },
  test: {
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.{ts,mjs}", "scripts/**/*.test.{ts,mjs}"],
    setupFiles: ["./app/test-setup.ts"],
    restoreMocks: true,
  },
});
