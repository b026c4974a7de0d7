import { describe, expect, it } from "vitest";
import { adminPath, notFoundPath, prerenderPaths, sitePages } from "./config/routes";
import routeConfig from "./routes";

// app/routes.ts derives React Router's routes from sitePages, which the prerender reads too.
describe("the route list", () => {
  it("app/routes.ts has exactly the site's pages, the operator's page and one catch-all for the 404 page", () => {
    const paths = routeConfig.map((r) => (r.index ? "/" : r.path === "*" ? "*" : `/${r.path}`));
    // The operator's page with every deep link under it (a message's own URL).
    expect(paths.filter((p) => p !== "*").sort()).toEqual([...sitePages.map((p) => p.path), `${adminPath}/*`].sort());
    // The operator's page is no site page: not in the sitemap, not among the pages the tests and bench visit.
    expect(sitePages.map((p) => p.path)).not.toContain(adminPath);
    expect(prerenderPaths).not.toContain(adminPath);
    expect(paths.filter((p) => p === "*")).toHaveLength(1);
    // Each page once, and the 404 page's own path is not one of them.
    expect(new Set(prerenderPaths).size).toBe(prerenderPaths.length);
    expect(sitePages.map((p) => p.path)).not.toContain(notFoundPath);
  });
});
