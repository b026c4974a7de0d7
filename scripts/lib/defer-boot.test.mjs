import { describe, expect, it } from "vitest";
import { deferBoot } from "./defer-boot.mjs";

// The shape React Router 7 writes for a prerendered page (trimmed).
const page = `<!DOCTYPE html><html lang="sv"><head><title>T</title><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-3.js"/><link rel="stylesheet" href="/assets/root-4.css"/></head><body><main>Hej</main><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-5.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-2.js");</script></body></html>`;

describe("deferBoot", () => {
  const out = deferBoot(page);

  it("removes the module preloads and the module script, keeps everything else", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root-4.css"/>');
    expect(out).toContain("<main>Hej</main><script>window.__reactRouterContext = {};</script><script>");
  });

  it("preloads and imports the same modules once the page has painted", async () => {
    const calls = [];
    const head = { appendChild: (l) => calls.push(`preload ${l.href}`) };
    let paint = null;
    const win = {};
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(cb) {
        this.cb = cb;
      }
      observe() {
        paint = () => this.cb({ getEntriesByName: () => [{}] }, this);
      }
      disconnect() {}
    }
    const script = /<script>(\(function\(boot[\s\S]*?)<\/script>/.exec(out)[1].replace(/\bimport\(/g, "__import(");
    const run = new Function("document", "PerformanceObserver", "setTimeout", "window", "__import", script);
    run(
      { visibilityState: "visible", head, createElement: () => ({}), addEventListener: () => {} },
      FakeObserver,
      () => {},
      win,
      async (spec) => {
        calls.push(`import ${spec}`);
        return { spec };
      },
    );
    expect(calls).toEqual([]);
    paint();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([
      "preload /assets/manifest-1.js",
      "preload /assets/entry.client-2.js",
      "preload /assets/root-3.js",
      "import /assets/manifest-1.js",
      "import /assets/root-3.js",
      "import /assets/home-5.js",
      "import /assets/entry.client-2.js",
    ]);
    expect(win.__reactRouterRouteModules).toEqual({
      root: { spec: "/assets/root-3.js" },
      "routes/home": { spec: "/assets/home-5.js" },
    });
  });

  it("leaves a page without React Router's module script alone", () => {
    expect(deferBoot("<html><body>x</body></html>")).toBe("<html><body>x</body></html>");
  });

  it("refuses a module script of an unknown shape", () => {
    expect(() =>
      deferBoot(page.replace('import * as route1 from "/assets/home-5.js";', 'import { a } from "/x.js";')),
    ).toThrow(/unexpected/);
  });
});
