// After `react-router build`: writes the security headers (for the server and, as _headers, for
// static hosts) and precompresses every text asset (brotli and gzip) for the server to send as is.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { loadEnv } from "vite";
import { hashesOfBuild, headersFile, securityHeaders } from "../server/security-headers.mjs";

const root = `${process.env.BUILD_DIR ?? "build"}/client`;
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest|map)$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const env = { ...loadEnv("production", process.cwd(), "VITE_"), ...process.env };

// Security headers: the server reads security-headers.json; static hosts read client/_headers.
const headers = securityHeaders({ scriptHashes: hashesOfBuild(root), aiBaseUrl: env.VITE_AI_BASE_URL || undefined });
writeFileSync(join(root, "..", "security-headers.json"), `${JSON.stringify(headers, null, 2)}\n`);
writeFileSync(join(root, "_headers"), headersFile(headers));

let count = 0;
for (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < 256) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`postbuild: precompressed ${count} files (br, gz)`);

if (!env.VITE_EMAILJS_PUBLIC_KEY) {
  console.warn(
    "postbuild: warning: VITE_EMAILJS_PUBLIC_KEY is not set. The contact forms of this build send to the " +
      "local inbox of `npm start` (data/inbox/messages.jsonl), and Emma's leads need a visitor's EmailJS config.",
  );
}
