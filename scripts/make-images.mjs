// Renders the site's icons and its Open Graph image with Chromium and writes them to public/ (and
// the 32 px favicon to app/assets/, which the pages link inline: docs/decisions/010).
// Run by hand after changing public/favicon.svg or the card below: `node scripts/make-images.mjs`.
// The outputs are committed, so builds need neither this script nor a browser.
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const svg = readFileSync("public/favicon.svg", "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const page = await browser.newPage();

async function render(html, width, height) {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0}</style></head><body>${html}</body></html>`,
  );
  return page.screenshot({ type: "png", omitBackground: true, clip: { x: 0, y: 0, width, height } });
}

/** The favicon, or for app icons a full-bleed square in flat brand colour (small PNGs; iOS and Android round them). */
const icon = (size, { square = false } = {}) => {
  const mark = square ? svg.replace('rx="9" fill="url(#g)"', 'fill="#4f46e5"') : svg;
  return render(mark.replace("<svg ", `<svg width="${size}" height="${size}" style="display:block" `), size, size);
};

/** An .ico file holding one PNG image (supported by every browser that still asks for /favicon.ico). */
function ico(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

const favicon = await icon(32);
writeFileSync("app/assets/favicon-32.png", favicon);
writeFileSync("public/favicon.ico", ico(favicon, 32));
writeFileSync("public/apple-touch-icon.png", await icon(180, { square: true }));
writeFileSync("public/icon-192.png", await icon(192, { square: true }));
writeFileSync("public/icon-512.png", await icon(512, { square: true }));

// Open Graph card, 1200×630. Flat colours keep the PNG small.
const card = `
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px 96px;background:#1e1b4b;color:#fff;font-family:system-ui,'DejaVu Sans',sans-serif;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:24px;font-size:44px;font-weight:700">${svg.replace("<svg ", '<svg width="72" height="72" ')}Nordlys AI</div>
  <div>
    <div style="font-size:72px;font-weight:800;line-height:1.1;max-width:980px">Banbrytande AI för företag och framtid</div>
    <div style="margin-top:28px;font-size:34px;color:#c7d2fe">AI-röstagenter · chattassistenter · automation · AI-strategi</div>
  </div>
  <div style="height:10px;width:240px;background:#06b6d4;border-radius:5px"></div>
</div>`;
writeFileSync("public/og-image.png", await render(card, 1200, 630));

await browser.close();
console.log(
  "make-images: app/assets/favicon-32.png, public/favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png, og-image.png",
);
