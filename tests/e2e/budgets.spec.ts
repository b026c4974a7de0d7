import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { notFoundPath, sitePages } from "../../app/config/routes";
import {
  budgets,
  chunkClosure,
  initialAssetsOfRoute,
  LAZY_MODULES,
  lazyChunks,
  readChunkManifest,
  VOICE_SDK_MARKERS,
  voiceSdkChunks,
} from "../../scripts/lib/build-assets.mjs";
import { expect, hydrated, test } from "./fixtures";
import { configured, VOICE_CHUNK, voiceButton } from "./voice-helpers";

// Budgets of issue 7 on the build the site project serves (build/, made by `npm run build`).
// Deterministic: bytes and requests, no timings. Sizes are gzip (level 9) of the built files.
const BUILD_DIR = "build";
const CLIENT_DIR = `${BUILD_DIR}/client`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const routes = [...sitePages.map((p) => p.path), notFoundPath];
const initial = new Map(routes.map((path) => [path, initialAssetsOfRoute(CLIENT_DIR, path)]));
const allInitialJs = new Set([...initial.values()].flatMap((a) => a.js));
const lazy = lazyChunks({ buildDir: BUILD_DIR, initialJs: allInitialJs });
const chatPanelFiles = lazy.find((c) => c.name === "chat panel")?.files ?? [];
const toastFiles = lazy.find((c) => c.name === "toasts (sonner)")?.files ?? [];
/** The operator's page's own files (routes/admin.tsx's chunk, its stylesheet, the chart). */
const adminFiles = readdirSync(`${CLIENT_DIR}/assets`)
  .filter((f) => /^(admin|daily-chart)-[\w-]+\.(js|css)$/.test(f))
  .map((f) => `/assets/${f}`);

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

// 32 KB since the knowledge has the pages' own words and the carousel's quotes (decision 073).
test("Emma's knowledge is a lazy chunk, in no page's initial JavaScript, within 32 KB gzip with its data", () => {
  const files = lazy.find((c) => c.name === "Emma's knowledge (search)")?.files ?? [];
  expect(files.length).toBeGreaterThan(0);
  for (const url of files) expect(allInitialJs.has(url), url).toBe(false);
  const data = gzipSync(readFileSync(`${CLIENT_DIR}/knowledge.json`), { level: 9 }).length;
  const total = (lazy.find((c) => c.name === "Emma's knowledge (search)")?.gzip ?? 0) + data;
  expect(total, `knowledge chunk and knowledge.json: ${kb(total)}`).toBeLessThanOrEqual(32 * 1024);
});

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
      // The operator's page is its own chunk: no public page loads its code or its styles.
      expect(adminFiles.length, "the build has the operator page's chunk").toBeGreaterThan(0);
      const styles = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="stylesheet"]')].map(
          (l) => new URL((l as HTMLLinkElement).href).pathname,
        ),
      );
      for (const url of [...requested, ...styles])
        expect(adminFiles.includes(url), `${url} (the operator's page) loaded on ${path}`).toBe(false);
    });
  }
});

/** Whether any of these script URLs holds voice SDK or Daily code. */
const sdkIn = (urls: Iterable<string>) =>
  [...urls].filter((url) => VOICE_SDK_MARKERS.test(readFileSync(`${CLIENT_DIR}${url}`, "utf8")));

test.describe("no voice code before the first voice click", () => {
  test.use({ permissions: ["microphone"] });

  test("hovering and focusing the voice button, the chat, a canned answer and a toast load none; the click does", async ({
    page,
  }) => {
    // Configured, so that the button could start a call; a first visit, so the click asks for consent.
    await configured(page, { consent: false });
    const requested = recordScripts(page);
    await page.goto("/");
    await settled(page);

    await voiceButton(page).hover();
    await voiceButton(page).focus();
    const launcher = page.getByRole("button", { name: "Öppna chatten med Emma" });
    await launcher.hover();
    await launcher.click();
    const panel = page.getByRole("dialog", { name: "Emma" });
    const input = panel.getByRole("textbox", { name: "Din fråga till Emma" });
    await input.fill("Hej");
    await input.press("Enter");
    await expect(panel.getByRole("log"), "Emma's canned answer").toContainText("Jag är Emma");
    await panel.getByRole("button", { name: "Inställningar" }).click();
    await panel.getByRole("button", { name: "Spara EmailJS-konfiguration" }).click();
    await expect(page.getByText("Fyll i alla fält")).toBeVisible();
    // The chat panel and the toast library came, each in its own chunk; no voice code with them.
    expect(chatPanelFiles.length * toastFiles.length, "both are lazy chunks of the build").toBeGreaterThan(0);
    for (const url of [...chatPanelFiles, ...toastFiles]) expect(requested.has(url), `${url} was loaded`).toBe(true);
    expect(sdkIn(requested), "scripts with voice SDK code before the first voice click").toEqual([]);

    // The first voice click (it opens the consent dialog) is what fetches the SDK.
    await panel.getByRole("button", { name: "Stäng chatten" }).click();
    await voiceButton(page).click();
    await expect(page.getByRole("dialog", { name: "Innan du pratar med Emma" })).toBeVisible();
    await expect.poll(() => [...requested].some((url) => VOICE_CHUNK.test(url))).toBe(true);
    expect(sdkIn(requested).length).toBeGreaterThan(0);
  });

  test("the SDK's chunks are reachable only through load-voice-client.ts's import() of vapi-client.ts", () => {
    const manifest = readChunkManifest(BUILD_DIR)!;
    const adapter = "app/features/voice/vapi-client.ts";
    const adapterClosure = chunkClosure(manifest, adapter);
    const sdk = voiceSdkChunks(CLIENT_DIR);
    expect(sdk.length).toBeGreaterThan(0);
    for (const url of sdk) expect(adapterClosure.has(url), `${url} is part of the adapter's chunk`).toBe(true);
    // No other chunk pulls SDK code in with a static import: it can only arrive with the adapter.
    for (const key of Object.keys(manifest)) {
      if (adapterClosure.has(`/${manifest[key].file}`)) continue;
      const withSdk = [...chunkClosure(manifest, key)].filter((url) => sdk.includes(url));
      expect(withSdk, `${key} imports SDK code statically`).toEqual([]);
    }
    // And in the sources, one module imports the adapter (with import(), on a click).
    const importers = readdirSync("app", { recursive: true, encoding: "utf8" })
      .map((file) => `app/${file}`)
      .filter(
        (file) =>
          /\.tsx?$/.test(file) &&
          !/\.test\.tsx?$/.test(file) &&
          /["'][^"']*\/vapi-client(?:\.tsx?)?["']/.test(readFileSync(file, "utf8")),
      );
    expect(importers).toEqual(["app/features/voice/load-voice-client.ts"]);
  });
});

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
