import type { MetaDescriptor } from "react-router";
import { sitePages } from "~/config/routes";
import { site } from "~/config/site";
import { organizationJsonLd } from "./structured-data";

export interface PageMetaInput {
  path: string;
  title: string;
  description: string;
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
}

/** The share card of every page (public/og-image.png, made by scripts/make-images.mjs). */
export const ogImage = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: `${site.name} – AI för företag och framtid`,
};

/** Title, description, canonical URL, Open Graph tags and the organisation's JSON-LD of one page. */
export function pageMeta({ path, title, description, noindex }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = `${title} | ${site.name}`;
  const url = `${site.url}${path === "/" ? "/" : path}`;
  const image = `${site.url}${ogImage.path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "sv_SE" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(ogImage.width) },
    { property: "og:image:height", content: String(ogImage.height) },
    { property: "og:image:alt", content: ogImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
    { "script:ld+json": organizationJsonLd() },
  ];
  // A page that is not to be indexed (the 404 page, shown at any unknown path) has no URL of its
  // own to name: /404 itself answers 404.
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push({ property: "og:url", content: url }, { tagName: "link", rel: "canonical", href: url });
  return tags;
}

/** Meta tags of a page listed in `sitePages`, looked up by its path. */
export function metaFor(path: string) {
  const page = sitePages.find((p) => p.path === path);
  if (!page) throw new Error(`No page config for ${path}`);
  return pageMeta(page);
}
