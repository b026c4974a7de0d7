import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";

export interface PageMetaInput {
  path: string;
  title: string;
  description: string;
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
}

/** Title, description, canonical URL and Open Graph tags of one page. */
export function pageMeta({ path, title, description, noindex }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = `${title} | ${site.name}`;
  const url = `${site.url}${path === "/" ? "/" : path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "sv_SE" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push({ tagName: "link", rel: "canonical", href: url });
  return tags;
}
