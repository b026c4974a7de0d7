// `/` from the server against nginx over the same build with the same headers (issue 53, decision 071):
// gzip, 50 connections, rounds alternating between the two so that a busy moment on a shared machine
// hits both alike; each pair's ratio and their spread, and the CPU each spent a request.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { nginxBenchConfig } from "./nginx-config.mjs";

const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (s.address());
      s.close(() => done(port));
    });
  });

const answers = (url) =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

async function waitFor(url, child) {
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    if (await answers(url)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** CPU seconds a process has used (user + system), from /proc; null elsewhere. @param {number | undefined} pid */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * autocannon on `url` as the issue measured it (`/`, gzip, 50 connections), and the CPU the answering
 * process spent a request, which a busy machine changes far less than the rate. @param {number | undefined} pid
 */
async function load(url, seconds, pid) {
  const before = cpuSeconds(pid);
  const r = await autocannon({ url, connections: 50, duration: seconds, headers: { "accept-encoding": "gzip" } });
  const after = cpuSeconds(pid);
  const cpuUs = before === null || after === null ? null : Math.round(((after - before) * 1e6) / r.requests.total);
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, cpuUs, non2xx: r.non2xx, errors: r.errors };
}

/** @param {{ buildDir?: string, seconds?: number, rounds?: number, log?: (line: string) => void, logFormat?: string }} [options] */
export async function benchStatic({
  buildDir = "build",
  seconds = 5,
  rounds = 4,
  log = () => {},
  logFormat = "json",
} = {}) {
  const root = resolve(buildDir, "client");
  const dir = mkdtempSync(join(tmpdir(), "bench-static-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["server/index.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      BUILD_ROOT: root,
      INBOX_DIR: join(dir, "inbox"),
      LOG_FORMAT: logFormat,
    },
    // The log goes to a file, as to the journal: not through this process.
    stdio: ["ignore", openSync(join(dir, "server.log"), "a"), "inherit"],
  });
  /** @type {import("node:child_process").ChildProcess | null} */
  let nginx = null;
  /** @type {{ seconds: number, rounds: number, connections: number, logFormat: string, nginx: string | null,
   *   server: Awaited<ReturnType<typeof load>>[], proxy: Awaited<ReturnType<typeof load>>[], ratios: number[] }} */
  const result = { seconds, rounds, connections: 50, logFormat, nginx: null, server: [], proxy: [], ratios: [] };
  try {
    const serverUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${serverUrl}/healthz`, server);
    const version = spawnSync("nginx", ["-v"], { encoding: "utf8" });
    if (version.status !== 0) {
      log("static: nginx is not installed (apt-get install nginx-light): the server alone");
      await load(`${serverUrl}/`, 2);
      for (let i = 0; i < rounds; i++) result.server.push(await load(`${serverUrl}/`, seconds, server.pid));
      return result;
    }
    const nginxPort = await freePort();
    for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, sub));
    const conf = join(dir, "nginx.conf");
    writeFileSync(conf, nginxBenchConfig({ dir, root, listen: `127.0.0.1:${nginxPort}`, upstream: serverUrl }));
    nginx = spawn("nginx", ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`${nginxUrl}/`, nginx);
    const worker = Number(spawnSync("pgrep", ["-P", String(nginx.pid)], { encoding: "utf8" }).stdout.split("\n")[0]);
    result.nginx = `${version.stderr.trim()}, 1 worker, access log on`;
    // Both warmed up alike (the server's JIT, its kept answers) before the first measured round.
    await load(`${serverUrl}/`, 2);
    await load(`${nginxUrl}/`, 2);
    for (let i = 0; i < rounds; i++) {
      const measure = [() => load(`${serverUrl}/`, seconds, server.pid), () => load(`${nginxUrl}/`, seconds, worker)];
      if (i % 2) measure.reverse();
      const [x, y] = [await measure[0](), await measure[1]()];
      const [s, n] = i % 2 ? [y, x] : [x, y];
      result.server.push(s);
      result.proxy.push(n);
      result.ratios.push(Number((s.rps / n.rps).toFixed(2)));
      log(
        `static: round ${i + 1}: server ${s.rps} req/s (p99 ${s.p99} ms, ${s.cpuUs} µs CPU a request), ` +
          `nginx ${n.rps} req/s (p99 ${n.p99} ms, ${n.cpuUs} µs)`,
      );
    }
  } finally {
    nginx?.kill("SIGQUIT");
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

const median = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return v.length ? (v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2) : NaN;
};
const range = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x));
  return v.length ? `${Math.min(...v)}–${Math.max(...v)}` : "–";
};

/** The bench's lines for these figures. @param {Awaited<ReturnType<typeof benchStatic>>} f */
export function staticReport(f) {
  const of = (xs, key) => range(xs.map((x) => x[key] ?? NaN));
  const failed = [...f.server, ...f.proxy].reduce((n, x) => n + x.non2xx + x.errors, 0);
  const cpuRatios = f.server.map((s, i) => (f.proxy[i]?.cpuUs ?? NaN) / (s.cpuUs ?? NaN));
  return [
    `/ from the server and from nginx (issue 53; gzip, ${f.connections} connections, ${f.rounds} alternating rounds of ${f.seconds} s, LOG_FORMAT=${f.logFormat}):`,
    `  server: ${of(f.server, "rps")} req/s, p99 ${of(f.server, "p99")} ms, ${of(f.server, "cpuUs")} µs CPU a request`,
    f.nginx
      ? `  nginx:  ${of(f.proxy, "rps")} req/s, p99 ${of(f.proxy, "p99")} ms, ${of(f.proxy, "cpuUs")} µs CPU a request (${f.nginx}; its headers from scripts/lib/nginx-config.mjs)`
      : "  nginx:  not measured (not installed)",
    ...(f.nginx
      ? [
          `  server/nginx req/s by round: ${f.ratios.join(", ")}; median ${median(f.ratios).toFixed(2)} (target ≥ 0.8)`,
          `  nginx/server CPU a request, median of the rounds: ${median(cpuRatios).toFixed(2)}`,
        ]
      : []),
    ...(failed ? [`  ${failed} non-2xx answers or errors`] : []),
  ];
}

// `node scripts/lib/bench-static.mjs [seconds] [rounds] [json|pretty]`: these figures alone, on the build that is there.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [seconds = "5", rounds = "4", logFormat = "json"] = process.argv.slice(2);
  const figures = await benchStatic({ seconds: Number(seconds), rounds: Number(rounds), logFormat, log: console.log });
  console.log(staticReport(figures).join("\n"));
}
