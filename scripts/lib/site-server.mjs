// The site's server as `npm start` runs it, started by the bench and the browser tests that need
// a server of their own (other settings than playwright.config.ts's two).
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";

/**
 * `node server/index.mjs` on a free port, with `env` over this process's environment: resolves
 * once it listens, with its URL, the lines it has printed (kept as it prints more) and a stop.
 * @param {Record<string, string>} [env]
 * @param {{ nodeArgs?: string[], logFile?: string }} [options] nodeArgs: for Node itself (`--cpu-prof`,
 *   which NODE_OPTIONS does not take); logFile: its output goes there instead (`log` stays empty), so
 *   a busy bench never leaves the server waiting on a full pipe
 * @returns {Promise<{ url: string, log: string[], stop: () => void, pid: number }>}
 */
export function startSiteServer(env = {}, { nodeArgs = [], logFile } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, "server/index.mjs"], {
    env: { ...process.env, PORT: "0", NODE_ENV: "production", ...env },
    stdio: ["ignore", logFile ? openSync(logFile, "w") : "pipe", "inherit"],
  });
  /** @type {string[]} */
  const log = [];
  return new Promise((resolve, reject) => {
    const listening = (text) => {
      const m = /on (http:\/\/\S+)/.exec(text);
      if (m?.[1]) resolve({ url: m[1], log, stop: () => child.kill(), pid: /** @type {number} */ (child.pid) });
      return Boolean(m);
    };
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    if (logFile) {
      const poll = setInterval(() => listening(readFileSync(logFile, "utf8")) && clearInterval(poll), 20);
      child.once("exit", () => clearInterval(poll));
      return;
    }
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk) => {
      log.push(...chunk.split("\n").filter(Boolean));
      listening(chunk);
    });
  });
}

/** A process's CPU time so far in ms (user + system, from /proc), or NaN where there is no /proc. @param {number} pid */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;

/**
 * The nearest-rank p-quantile of `xs` (p = 0.95: the smallest value at least 95 % are at most).
 * @param {number[]} xs @param {number} p
 */
export const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1))];
