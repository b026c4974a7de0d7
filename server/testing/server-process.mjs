// `node server/index.mjs` as a child process for tests and benches: its URL once it listens, its
// last 5000 log lines, and its exit.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const INDEX = fileURLToPath(new URL("../index.mjs", import.meta.url));

/** @param {Record<string, string>} env added to this process's (PORT defaults to 0: any free port)
 * @param {{ node?: string }} [options] the Node binary (default this one) */
export function startServerProcess(env, { node = process.execPath } = {}) {
  /** @type {string[]} */
  const lines = [];
  const child = spawn(node, [INDEX], {
    env: { ...process.env, PORT: "0", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const url = new Promise((resolve, reject) => {
    const read = (/** @type {Buffer} */ d) => {
      for (const line of String(d).split("\n").filter(Boolean)) {
        lines.push(line);
        if (lines.length > 5000) lines.splice(0, 1000);
        const m = /on (http:\/\/[\d.:]+)/.exec(line);
        if (m) resolve(m[1]);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    exited.then(({ code }) => reject(new Error(`server exited (${code}): ${lines.join("\n")}`)));
  });
  url.catch(() => {});
  return {
    child,
    /** @type {Promise<string>} */
    url,
    lines,
    /** @type {Promise<{ code: number | null, signal: string | null, at: number }>} */
    exited,
    /** Sends SIGTERM; resolves with the exit and the milliseconds it took. */
    async stop() {
      const sent = performance.now();
      child.kill("SIGTERM");
      const exit = await exited;
      return { ...exit, ms: exit.at - sent };
    },
  };
}
