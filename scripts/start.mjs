// `npm start`: builds the site when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const builtAt = existsSync("build/client/index.html") ? statSync("build/client/index.html").mtimeMs : 0;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

const sources = ["app", "public"].filter(existsSync).map(newestMtime);
const configFiles = ["package.json", "vite.config.ts", "react-router.config.ts", ".env"].filter(existsSync);
const newestSource = Math.max(0, ...sources, ...configFiles.map((f) => statSync(f).mtimeMs));

if (newestSource > builtAt) {
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import("../server/index.mjs");
