import { sitePages } from "../../app/config/routes";
import { expect, hydrated, test } from "./fixtures";

test.describe("every page is prerendered", () => {
  for (const page of sitePages) {
    test(`${page.path} hydrates without console errors, keeping the prerendered elements`, async ({
      page: p,
      consoleErrors,
    }) => {
      // Every element the HTML brought is marked; hydration (in turns, see hydrate-in-turn.tsx)
      // must adopt them all rather than build parts of the page again. Nor may it touch their
      // text: Preact splits a text node whose JSX had several parts (`{a} {b}`), and each split
      // costs a re-layout (docs/decisions/008).
      await p.addInitScript(() => {
        const changes: string[] = [];
        const preloads: string[] = [];
        Object.assign(window, { __textChanges: changes, __preloadsAdded: preloads });
        let parsed = false;
        const where = (n: Node | null) => (n instanceof Element ? n.outerHTML.slice(0, 80) : String(n?.nodeName));
        const record = (records: MutationRecord[]) => {
          if (document.documentElement?.dataset.hydrated) return;
          for (const r of records) {
            if (parsed && r.type === "characterData")
              changes.push(`changed ${JSON.stringify(r.oldValue)} in ${where(r.target.parentNode)}`);
            for (const n of r.addedNodes) {
              if (parsed && n.nodeType === Node.TEXT_NODE)
                changes.push(`added ${JSON.stringify(n.nodeValue)} in ${where(r.target)}`);
              if (n instanceof HTMLLinkElement && n.rel === "modulepreload") preloads.push(n.href);
            }
          }
        };
        // From the start, so that no preload is missed; text only once the parser is done.
        const observer = new MutationObserver(record);
        observer.observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
          characterDataOldValue: true,
        });
        document.addEventListener("DOMContentLoaded", () => {
          record(observer.takeRecords());
          parsed = true;
          for (const el of document.querySelectorAll("head *, body *"))
            (el as Element & { __prerendered?: true }).__prerendered = true;
        });
      });
      await p.goto(page.path);
      await hydrated(p);
      await expect(p.getByText(page.keyText).first()).toBeVisible();
      await expect(p.locator("meta[name=description]")).toHaveAttribute("content", page.description);
      const rebuilt = await p.evaluate(() =>
        [...document.querySelectorAll("head *, body *")]
          .filter((el) => !(el as Element & { __prerendered?: true }).__prerendered)
          // The boot script adds the module preloads after the first paint (checked below).
          .filter((el) => !(el.tagName === "LINK" && el.getAttribute("rel") === "modulepreload"))
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      // The one element the page adds: the web manifest's link, after <head> hydrates (decision 010).
      expect(rebuilt).toEqual(['<link rel="manifest" href="/manifest.webmanifest">']);
      expect(await p.evaluate(() => (window as Window & { __textChanges?: string[] }).__textChanges)).toEqual([]);
      // The boot script puts each preload where <Scripts /> renders it, so hydration adopts it
      // instead of adding it a second time (scripts/build/defer-boot.mjs).
      const preloads = await p.evaluate(
        () => (window as Window & { __preloadsAdded?: string[] }).__preloadsAdded ?? [],
      );
      expect(preloads.length).toBeGreaterThan(0);
      expect(preloads).toEqual([...new Set(preloads)]);
      await expect(p.locator("link[rel=modulepreload]")).toHaveCount(preloads.length);
      expect(consoleErrors).toEqual([]);
    });
  }

  test("the boot script imports the modules once every preload has loaded, not on its fallback timers", async ({
    page: p,
  }) => {
    // A module preload's load event comes after the browser compiled the module; evaluating
    // modules while the larger ones still compiled stretched the main thread's tasks
    // (scripts/build/defer-boot.mjs). Here the boot's 3 s fallbacks never fire, so the page hydrates
    // only if those load events arrive; and the first module (React Router's manifest) must run
    // after all of them.
    await p.addInitScript(() => {
      const state = { preloads: 0, settled: 0, settledWhenFirstModuleRan: -1 };
      Object.assign(window, { __boot: state });
      const setTimeoutOriginal = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
        (ms ?? 0) >= 3000 ? 0 : setTimeoutOriginal(handler, ms, ...args)) as typeof window.setTimeout;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLLinkElement && n.rel === "modulepreload") {
              state.preloads++;
              const settle = () => state.settled++;
              n.addEventListener("load", settle);
              n.addEventListener("error", settle);
            }
      }).observe(document, { subtree: true, childList: true });
      let manifest: unknown;
      Object.defineProperty(window, "__reactRouterManifest", {
        configurable: true,
        get: () => manifest,
        set: (value) => {
          if (state.settledWhenFirstModuleRan < 0) state.settledWhenFirstModuleRan = state.settled;
          manifest = value;
        },
      });
    });
    await p.goto("/");
    await hydrated(p);
    const state = await p.evaluate(() => (window as Window & { __boot?: Record<string, number> }).__boot);
    expect(state?.preloads).toBeGreaterThan(0);
    expect(state?.settledWhenFirstModuleRan).toBe(state?.preloads);
  });
});

// Parts that render when near the viewport (decision 009) count as tall as their estimate until
// then. An estimate shorter than the part would let its text lie outside its box, where a checker
// (axe, Lighthouse's accessibility audit) finds the background of what follows, say the dark
// footer, and reports contrast that no visitor sees. So no estimate may be short, at any width.
test.describe("every page without JavaScript, and the height estimates of the parts that render when near", () => {
  // The narrowest width of each of Tailwind's ranges in use (below sm, sm, md, lg, xl), where a
  // part is tallest within its range, plus Lighthouse's 412 px phone and two more phones.
  const widths = [320, 360, 412, 600, 640, 768, 1024, 1280];
  // One load per page for both checks: its content without JavaScript, then the estimates.
  for (const { path, keyText, title } of sitePages) {
    test(`${path} has its content without JavaScript, and no estimate is shorter than its part at ${widths.join(", ")} px`, async ({
      browser,
    }) => {
      test.setTimeout(2 * test.info().project.timeout); // two tests' checks
      // Without JavaScript: the prerendered page, as a first visit lays it out.
      const context = await browser.newContext({ javaScriptEnabled: false });
      const p = await context.newPage();
      const short: string[] = [];
      let parts = 0;
      try {
        const res = await p.goto(path);
        expect(res?.status()).toBe(200);
        await expect(p.getByText(keyText).first()).toBeVisible();
        await expect(p).toHaveTitle(new RegExp(title));
        expect(await p.locator("html").getAttribute("lang")).toBe("sv");

        for (const width of widths) {
          await p.setViewportSize({ width, height: 800 });
          const measured = await p.evaluate(() => {
            const els = [...document.querySelectorAll<HTMLElement>(".render-when-near")];
            const estimates = els.map((el) =>
              parseFloat(getComputedStyle(el).containIntrinsicBlockSize.replace("auto", "")),
            );
            document.documentElement.dataset.renderAll = "";
            const heights = els.map((el) => el.getBoundingClientRect().height);
            delete document.documentElement.dataset.renderAll;
            return els.map((el, i) => ({
              part: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}[${i}]`,
              estimate: estimates[i] ?? Number.NaN,
              height: Math.ceil(heights[i] ?? Number.NaN),
            }));
          });
          parts = measured.length;
          for (const m of measured) {
            if (!(m.estimate >= m.height))
              short.push(`${width} px: ${m.part} is ${m.height} px, estimate ${m.estimate} px`);
          }
        }
      } finally {
        await context.close();
      }
      // The estimate is the content box's height, the measure the border box's: stricter by the
      // padding, which is the safe side.
      expect(parts).toBeGreaterThan(0); // every page has the footer at least
      expect(short).toEqual([]);
    });
  }
});
