// `npm run shots [dir]`: full-page screenshots of every route (and the 404 page) at 375 and
// 1280 px, taken from the built site served by `npm start`'s server, for visual review.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { runnerImport } from "vite";
import { loadSiteConfig } from "./lib/site-config.mjs";

const outDir = resolve(process.argv[2] ?? "shots");
// Not 4190: the Fetch standard lists it as a bad port, and Node's fetch refuses it.
const port = Number(process.env.PORT ?? 4180);
const widths = [375, 1280];

const { sitePages, notFoundPath } = await loadSiteConfig();
// The browser tests' launch flags, read through Vite's runner (Node 20 does not load TypeScript).
const { module: launch } = await runnerImport(resolve("tests/e2e/chromium.ts"), {
  configFile: false,
  logLevel: "error",
});
const { chromiumArgs, chromiumPath } = launch;
const paths = [...sitePages.map((p) => p.path), notFoundPath];
mkdirSync(outDir, { recursive: true });

if (
  await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  )
)
  throw new Error(`port ${port} is in use: stop what runs there or set PORT`);
const server = spawn(process.execPath, ["server/index.mjs"], {
  env: { ...process.env, PORT: String(port), NODE_ENV: "production", INBOX_DIR: ".tmp/shots-inbox" },
  stdio: "ignore",
});
process.on("exit", () => server.kill());
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (
    await fetch(base).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 100) throw new Error(`The server on ${base} did not start`);
  await new Promise((r) => setTimeout(r, 100));
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : 900 },
      deviceScaleFactor: 1,
      locale: "sv-SE",
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(base + path);
      await page.waitForSelector("html[data-hydrated]", { state: "attached" });
      // Render the parts that wait until they are near the viewport (decision 009).
      await page.evaluate("document.documentElement.dataset.renderAll = ''");
      const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
      const file = `${outDir}/${name}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
