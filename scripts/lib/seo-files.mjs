// sitemap.xml and robots.txt, generated from the route list at build time (scripts/postbuild.mjs).

const escapeXml = (s) =>
  s.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);

/** Absolute URL of a page path, the way `pageMeta` writes canonical URLs. */
export function pageUrl(siteUrl, path) {
  return `${siteUrl.replace(/\/$/, "")}${path}`;
}

/**
 * @param {{ siteUrl: string, pages: { path: string }[], notFoundPath: string }} input
 * @returns {string} sitemap.xml listing every page except the 404 page
 */
export function sitemapXml({ siteUrl, pages, notFoundPath }) {
  const urls = pages
    .filter((p) => p.path !== notFoundPath)
    .map((p) => `  <url><loc>${escapeXml(pageUrl(siteUrl, p.path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** @param {{ siteUrl: string }} input */
export function robotsTxt({ siteUrl }) {
  return `User-agent: *\nAllow: /\n\nSitemap: ${pageUrl(siteUrl, "/sitemap.xml")}\n`;
}
