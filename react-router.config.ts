import type { Config } from "@react-router/dev/config";
import { adminPath, prerenderPaths } from "./app/config/routes";

export default {
  ssr: false,
  // BUILD_DIR lets the browser tests build a second copy with test configuration beside the real one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every static route is rendered to HTML at build time, so content is there before JS runs.
  // /admin too, as a shell without data (its route is client-only), for the server to gate.
  prerender: [...prerenderPaths, adminPath],
} satisfies Config;
