import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/config/routes";

export default {
  ssr: false,
  // Every static route is rendered to HTML at build time, so content is there before JS runs.
  prerender: prerenderPaths,
} satisfies Config;
