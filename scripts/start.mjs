// `npm start`: builds the site when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

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

// The server's own variables (AI_API_KEY, DATABASE_URL…) from .env: an empty one means the
// default, and a variable already in the environment wins.
if (existsSync(".env")) {
  for (const [name, value] of Object.entries(parseEnv(readFileSync(".env", "utf8")))) {
    if (value !== "" && process.env[name] === undefined) process.env[name] = value;
  }
}
await import("../server/index.mjs");
