// The site's server as `npm start` runs it, started by the bench and the browser tests that need
// a server of their own (other settings than playwright.config.ts's two).
import { spawn } from "node:child_process";

/**
 * `node server/index.mjs` on a free port, with `env` over this process's environment: resolves
 * once it listens, with its URL, the lines it has printed (kept as it prints more) and a stop.
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ url: string, log: string[], stop: () => void }>}
 */
export function startSiteServer(env = {}) {
  const child = spawn(process.execPath, ["server/index.mjs"], {
    env: { ...process.env, PORT: "0", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  /** @type {string[]} */
  const log = [];
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      log.push(...chunk.split("\n").filter(Boolean));
      const m = /on (http:\/\/\S+)/.exec(chunk);
      if (m?.[1]) resolve({ url: m[1], log, stop: () => child.kill() });
    });
  });
}

/**
 * The nearest-rank p-quantile of `xs` (p = 0.95: the smallest value at least 95 % are at most).
 * @param {number[]} xs @param {number} p
 */
export const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1))];
