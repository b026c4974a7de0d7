import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { notFoundPath, sitePages } from "../../app/config/routes";
import {
  budgets,
  initialAssetsOfRoute,
  LAZY_MODULES,
  lazyChunks,
  readChunkManifest,
  VOICE_SDK_MARKERS,
} from "../../scripts/lib/build-assets.mjs";
import { expect, hydrated, test } from "./fixtures";

// Budgets of issue 7 on the build the site project serves (build/, made by `npm run build`).
// Deterministic: bytes and requests, no timings. Sizes are gzip (level 9) of the built files.
const BUILD_DIR = "build";
const CLIENT_DIR = `${BUILD_DIR}/client`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const routes = [...sitePages.map((p) => p.path), notFoundPath];
const initial = new Map(routes.map((path) => [path, initialAssetsOfRoute(CLIENT_DIR, path)]));
const allInitialJs = new Set([...initial.values()].flatMap((a) => a.js));
const chatPanelFiles =
  lazyChunks({ buildDir: BUILD_DIR, initialJs: allInitialJs }).find((c) => c.name === "chat panel")?.files ?? [];

/** URL paths of the scripts a page requests (not the document). */
function recordScripts(page: Page) {
  const urls = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "script") urls.add(new URL(r.url()).pathname);
  });
  return urls;
}

/** Waits until the page has hydrated and has nothing more in flight. */
async function settled(page: Page) {
  await hydrated(page);
  await page.waitForLoadState("networkidle");
}

test.describe("initial JavaScript", () => {
  for (const path of routes) {
    test(`${path}: within ${kb(budgets.initialJsGzip)} gzip, no voice SDK, nothing beyond what the HTML names`, async ({
      page,
    }) => {
      const assets = initial.get(path)!;
      expect(assets.js.length, "the page loads some JavaScript").toBeGreaterThan(0);
      expect(assets.jsGzip, `initial JS of ${path}: ${kb(assets.jsGzip)}`).toBeLessThanOrEqual(budgets.initialJsGzip);

      const requested = recordScripts(page);
      await page.goto(path === notFoundPath ? "/finns-inte" : path);
      await settled(page);
      // What the browser loads before any interaction is what the HTML names: the budget above
      // counts every byte of it.
      expect([...requested].sort()).toEqual(assets.js);
      for (const url of requested) {
        const code = readFileSync(`${CLIENT_DIR}${url}`, "utf8");
        expect(VOICE_SDK_MARKERS.test(code), `${url} holds voice SDK code`).toBe(false);
      }
      for (const url of chatPanelFiles)
        expect(requested.has(url), `${url} (chat panel) loaded before the chat was used`).toBe(false);
    });
  }
});

// The voice SDK's first-click rule is checked with the real widget in voice.spec.ts ('the SDK is
// not in the initial bundle and is loaded after the first voice click'); above, every route's
// initial scripts are checked free of SDK code.

test.describe("voice SDK markers", () => {
  test("still recognise the SDK's own code (so a clean result above means something)", () => {
    expect(VOICE_SDK_MARKERS.test(readFileSync("node_modules/@daily-co/daily-js/dist/daily-esm.js", "utf8"))).toBe(
      true,
    );
    expect(VOICE_SDK_MARKERS.test(readFileSync("node_modules/@vapi-ai/web/dist/vapi.js", "utf8"))).toBe(true);
  });
});

test.describe("lazy chunks", () => {
  test("the chat panel is a chunk of its own, found in the build's manifest", () => {
    expect(
      readChunkManifest(BUILD_DIR)?.[LAZY_MODULES["chat panel"]],
      "build/client-manifest.json names the chat panel",
    ).toBeTruthy();
    expect(chatPanelFiles.length).toBeGreaterThan(0);
  });

  test("the chat panel chunk loads on hover of the launcher, not before", async ({ page }) => {
    const requested = recordScripts(page);
    await page.goto("/");
    await settled(page);
    for (const url of chatPanelFiles) expect(requested.has(url)).toBe(false);
    await page.getByRole("button", { name: "Öppna chatten med Emma" }).hover();
    await expect.poll(() => chatPanelFiles.every((url) => requested.has(url))).toBe(true);
  });

  test("no chunk that any page loads up front holds voice SDK or Daily code", () => {
    for (const url of allInitialJs) {
      expect(VOICE_SDK_MARKERS.test(readFileSync(`${CLIENT_DIR}${url}`, "utf8")), url).toBe(false);
    }
  });
});
