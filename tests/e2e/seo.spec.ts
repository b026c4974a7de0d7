import type { Browser, Page } from "@playwright/test";
import { sitePages } from "../../app/config/routes";
import { landingServices } from "../../app/content/services";
import { expect, test } from "./fixtures";

// What search engines and link previews get: the prerendered HTML as served, without JavaScript.

/** The site's public URL, as robots.txt names it (VITE_SITE_URL or app/config/site.ts's default). */
async function siteUrl(page: Page) {
  const robots = await (await page.request.get("/robots.txt")).text();
  return /^Sitemap: (.+)\/sitemap\.xml$/m.exec(robots)![1]!;
}

async function staticPage(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto(path);
  return { page, res, close: () => context.close() };
}

const attr = (page: Page, selector: string, name = "content") => page.locator(selector).getAttribute(name);

/** Width and height of a PNG, after checking its signature. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

test.describe("every route", () => {
  for (const { path, title, description } of sitePages) {
    test(`${path}: Swedish title, description, canonical URL, Open Graph, organisation JSON-LD, icons`, async ({
      browser,
    }) => {
      const { page, res, close } = await staticPage(browser, path);
      expect(res?.status()).toBe(200);
      const base = await siteUrl(page);
      const url = `${base}${path}`;
      expect(await page.locator("html").getAttribute("lang")).toBe("sv");
      const siteName = await attr(page, 'meta[property="og:site_name"]');
      expect(siteName).toBeTruthy();
      await expect(page).toHaveTitle(`${title} | ${siteName}`);
      expect(await attr(page, 'meta[name="description"]')).toBe(description);
      expect(await attr(page, 'link[rel="canonical"]', "href")).toBe(url);
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);

      expect(await attr(page, 'meta[property="og:title"]')).toBe(`${title} | ${siteName}`);
      expect(await attr(page, 'meta[property="og:description"]')).toBe(description);
      expect(await attr(page, 'meta[property="og:url"]')).toBe(url);
      expect(await attr(page, 'meta[property="og:type"]')).toBe("website");
      expect(await attr(page, 'meta[property="og:locale"]')).toBe("sv_SE");
      expect(await attr(page, 'meta[property="og:image"]')).toBe(`${base}/og-image.png`);
      expect(await attr(page, 'meta[property="og:image:width"]')).toBe("1200");
      expect(await attr(page, 'meta[property="og:image:height"]')).toBe("630");
      expect(await attr(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");

      const organisation = (await jsonLd(page)).find((d) => d["@type"] === "Organization");
      expect(organisation).toMatchObject({
        "@context": "https://schema.org",
        name: siteName,
        url: `${base}/`,
        address: { "@type": "PostalAddress", addressLocality: expect.any(String), addressCountry: "SE" },
      });
      expect(organisation?.email).toMatch(/@/);
      expect(organisation?.telephone).toMatch(/^\+?\d+$/);

      // The favicon is inline and the manifest is linked once the page runs (decision 010): the
      // HTML starts no request beside the stylesheet that could race the first frame.
      const icon = await attr(page, 'link[rel="icon"]', "href");
      expect(await page.locator('link[rel="icon"]').count()).toBe(1);
      expect(await attr(page, 'link[rel="icon"]', "sizes")).toBe("32x32");
      expect(icon).toMatch(/^data:image\/png;base64,/);
      expect(pngSize(Buffer.from(icon!.replace(/^data:image\/png;base64,/, ""), "base64"))).toEqual([32, 32]);
      expect(await attr(page, 'link[rel="apple-touch-icon"]', "href")).toBe("/apple-touch-icon.png");
      expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
      await close();
    });
  }
});

test("/ describes the four services in JSON-LD, each provided by the organisation", async ({ browser }) => {
  const { page, close } = await staticPage(browser, "/");
  const docs = await jsonLd(page);
  const organisation = docs.find((d) => d["@type"] === "Organization")!;
  const services = (docs.find((d) => Array.isArray(d["@graph"]))?.["@graph"] ?? []) as Record<string, unknown>[];
  expect(services.map((s) => s.name)).toEqual(landingServices.map((s) => s.title));
  for (const s of services) {
    expect(s["@type"]).toBe("Service");
    expect(s.description).toBeTruthy();
    expect(s.provider).toEqual({ "@id": organisation["@id"] });
  }
  await close();
});

test("the 404 page is not indexed and names no URL of its own (canonical, og:url)", async ({ browser }) => {
  const { page, res, close } = await staticPage(browser, "/finns-inte");
  expect(res?.status()).toBe(404);
  expect(await attr(page, 'meta[name="robots"]')).toBe("noindex");
  expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
  expect(await page.locator('meta[property="og:url"]').count()).toBe(0);
  await close();
});

test("sitemap.xml lists exactly the pages of the route list; robots.txt points at it", async ({ page }) => {
  const base = await siteUrl(page);
  const res = await page.request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/xml/);
  const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toEqual(sitePages.map((p) => `${base}${p.path}`));
  const robots = await (await page.request.get("/robots.txt")).text();
  expect(robots).toMatch(/^User-agent: \*$/m);
  expect(robots).not.toMatch(/^Disallow: \/$/m);
});

test("the running page links the web manifest once, after hydration", async ({ page }) => {
  await page.goto("/om-oss");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  expect(await attr(page, 'link[rel="manifest"]', "href")).toBe("/manifest.webmanifest");
  // Chromium itself finds and parses it (what install prompts and pinning use).
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ lang: "sv", start_url: "/" });
  // Still once after client-side navigations, and the inline favicon is kept.
  await page.getByRole("banner").getByRole("link", { name: "Kom igång" }).click();
  await expect(page).toHaveURL(/\/kom-igang$/);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /startsida$/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  expect(await attr(page, 'link[rel="icon"]', "href")).toMatch(/^data:image\/png;base64,/);
});

test("the web manifest is Swedish with the brand colour, and every icon it names is there", async ({ page }) => {
  const res = await page.request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as { name: string; icons: { src: string }[] };
  expect(manifest).toMatchObject({ lang: "sv", theme_color: "#4f46e5", start_url: "/" });
  expect(manifest.name).toBeTruthy();
  for (const src of [...manifest.icons.map((i) => i.src), "/favicon.ico", "/apple-touch-icon.png"]) {
    const r = await page.request.get(src);
    expect(r.status(), src).toBe(200);
    expect(r.headers()["content-type"], src).toMatch(/^image\//);
  }
});

test("og-image.png is a 1200×630 PNG of modest size", async ({ page }) => {
  const res = await page.request.get("/og-image.png");
  expect(res.status()).toBe(200);
  const png = await res.body();
  expect(pngSize(png)).toEqual([1200, 630]);
  expect(png.length).toBeLessThan(100 * 1024);
});

test("hashed assets are cached for a year, pages revalidate; all come compressed, the 404 page too", async ({
  page,
}) => {
  const html = await page.request.get("/", { headers: { "accept-encoding": "br, gzip" } });
  expect(html.headers()["cache-control"]).toBe("no-cache");
  expect(html.headers()["content-encoding"]).toBe("br");
  const script = /"(\/assets\/[^"]+\.js)"/.exec(await (await page.request.get("/")).text())![1]!;
  for (const [accept, encoding] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
  ]) {
    const res = await page.request.get(script, { headers: { "accept-encoding": accept! } });
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers()["content-encoding"]).toBe(encoding);
    expect(res.headers()["vary"]).toMatch(/accept-encoding/i);
  }
  // The 404 page, answered for any unknown path, comes compressed too.
  for (const [accept, encoding] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", undefined],
  ]) {
    const res = await page.request.get("/finns-inte", { headers: { "accept-encoding": accept! } });
    expect(res.status()).toBe(404);
    expect(res.headers()["content-encoding"], accept).toBe(encoding);
    expect(res.headers()["cache-control"]).toBe("no-cache");
    expect(res.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await res.text()).toContain("Oops! Page not found");
  }
});
