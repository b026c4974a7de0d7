// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { deferBoot, dependencyOrder, PRELOAD_WAIT_MS } from "./defer-boot.mjs";

// The shape React Router 7 writes for a prerendered page with <Scripts /> in <body> (trimmed).
const page = `<!DOCTYPE html><html lang="sv"><head><title>T</title><link rel="stylesheet" href="/assets/root-4.css"/></head><body><main>Hej</main><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/react-dom-6.js"/><link rel="modulepreload" href="/assets/root-3.js"/><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-5.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-2.js");</script></body></html>`;

const graph = {
  "/assets/entry.client-2.js": ["/assets/react-dom-6.js"],
  "/assets/root-3.js": ["/assets/react-dom-6.js"],
  "/assets/home-5.js": ["/assets/root-3.js"],
};
const importsOf = (url) => graph[url] ?? [];

/**
 * Runs the rewritten page's boot script against fakes: `paint()` reports the first paint, `links`
 * are the preloads added (call their `onload` or `onerror`), `timers` the timeouts set as
 * [callback, ms].
 */
function boot(html) {
  const calls = [];
  const links = [];
  const timers = [];
  const win = {};
  let task = 0;
  let paint = null;
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
  class FakeChannel {
    port1 = {};
    port2 = {
      postMessage: () =>
        setTimeout(() => {
          task++;
          this.port1.onmessage();
        }),
    };
  }
  const script = /<script>(\(function\(boot[\s\S]*?)<\/script>/.exec(html)[1].replace(/\bimport\(/g, "__import(");
  const context = {
    id: "context",
    parentNode: {
      insertBefore: (l, at) => {
        links.push(l);
        calls.push(`${task}: preload ${l.href} before ${at.id}`);
      },
    },
  };
  let running = true;
  new Function("document", "PerformanceObserver", "MessageChannel", "setTimeout", "window", "__import", script)(
    {
      visibilityState: "visible",
      // As in a browser: the running script while it runs, null once it has run.
      get currentScript() {
        return running ? { previousElementSibling: context } : null;
      },
      createElement: () => ({}),
      addEventListener: () => {},
    },
    FakeObserver,
    FakeChannel,
    (callback, ms) => timers.push([callback, ms]),
    win,
    async (url) => {
      calls.push(`${task}: import ${url}`);
      return { url };
    },
  );
  running = false;
  return { calls, links, timers, win, paint: () => paint() };
}

describe("deferBoot", () => {
  const out = deferBoot(page, { importsOf });

  it("removes the module preloads and the module script, keeps everything else", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root-4.css"/>');
    expect(out).toContain("<main>Hej</main><script>window.__reactRouterContext = {};</script><script>");
  });

  it("after the first paint, preloads the same modules and, once all have loaded, imports them, one per task, dependencies first, the entry last", async () => {
    const run = boot(out);
    expect(run.calls).toEqual([]);
    run.paint();
    // Each fake task is a timer: wait for the steps, however busy the machine is.
    await vi.waitFor(() => expect(run.calls).toHaveLength(4));
    expect(run.calls).toEqual([
      "1: preload /assets/manifest-1.js before context",
      "2: preload /assets/entry.client-2.js before context",
      "3: preload /assets/react-dom-6.js before context",
      "4: preload /assets/root-3.js before context",
    ]);
    // The imports wait for every preload, a failed one included (its import reports the error).
    run.links[0].onload();
    run.links[2].onerror();
    run.links[3].onload();
    await new Promise((r) => setTimeout(r, 50));
    expect(run.calls).toHaveLength(4);
    run.links[1].onload();
    await vi.waitFor(() => expect(run.calls).toHaveLength(9));
    // Task 5 found a preload still loading and waited.
    expect(run.calls.slice(4)).toEqual([
      "6: import /assets/manifest-1.js",
      "7: import /assets/react-dom-6.js",
      "8: import /assets/root-3.js",
      "9: import /assets/home-5.js",
      "10: import /assets/entry.client-2.js",
    ]);
    expect(run.win.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-3.js" },
      "routes/home": { url: "/assets/home-5.js" },
    });
  });

  it("imports anyway when a preload has not loaded after PRELOAD_WAIT_MS, and only once", async () => {
    const run = boot(out);
    run.paint();
    await vi.waitFor(() => expect(run.calls).toHaveLength(4));
    for (const link of run.links.slice(1)) link.onload();
    await new Promise((r) => setTimeout(r, 50));
    expect(run.calls).toHaveLength(4);
    // The last timer set: the first was the boot's own 3 s fallback for the paint.
    const wait = run.timers.at(-1);
    expect(run.timers).toHaveLength(2);
    expect(wait[1]).toBe(PRELOAD_WAIT_MS);
    wait[0]();
    await vi.waitFor(() => expect(run.calls).toHaveLength(9));
    // The late preload does not start a second run of the imports.
    run.links[0].onload();
    await new Promise((r) => setTimeout(r, 50));
    expect(run.calls).toHaveLength(9);
    expect(run.calls[4]).toBe("6: import /assets/manifest-1.js");
    expect(run.win.__reactRouterRouteModules).toBeDefined();
  });

  it("refuses a page where <Scripts />'s preloads and scripts are not together", () => {
    expect(() =>
      deferBoot(page.replace("<main>Hej</main>", "").replace("<script>window", "<main>Hej</main><script>window")),
    ).toThrow(/unexpected shape/);
  });

  it("refuses a module preload outside <Scripts />'s output", () => {
    expect(() =>
      deferBoot(page.replace("<title>T</title>", '<title>T</title><link rel="modulepreload" href="/assets/x-9.js"/>')),
    ).toThrow(/outside/);
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

describe("dependencyOrder", () => {
  it("puts every module after what it imports and keeps the rest in order", () => {
    expect(dependencyOrder(["/a", "/b", "/c", "/d"], (u) => ({ "/a": ["/c"], "/c": ["/d", "/x"] })[u] ?? [])).toEqual([
      "/d",
      "/c",
      "/a",
      "/b",
    ]);
  });
});
