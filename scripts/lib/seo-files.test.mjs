import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./seo-files.mjs";

const pages = [{ path: "/" }, { path: "/om-oss" }, { path: "/404" }, { path: "/a&b" }];

describe("sitemapXml", () => {
  it("lists every page as an absolute URL, without the 404 page", () => {
    const xml = sitemapXml({ siteUrl: "https://example.se/", pages, notFoundPath: "/404" });
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      "https://example.se/",
      "https://example.se/om-oss",
      "https://example.se/a&amp;b",
    ]);
  });
});

describe("robotsTxt", () => {
  it("allows everything and points at the sitemap", () => {
    expect(robotsTxt({ siteUrl: "https://example.se" })).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://example.se/sitemap.xml\n",
    );
  });
});
