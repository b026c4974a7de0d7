import { pageMeta } from "~/lib/meta";
import { sitePages } from "./routes";

/** Meta tags of a page listed in `sitePages`, looked up by its path. */
export function metaFor(path: string) {
  const page = sitePages.find((p) => p.path === path);
  if (!page) throw new Error(`No page config for ${path}`);
  return pageMeta(page);
}
