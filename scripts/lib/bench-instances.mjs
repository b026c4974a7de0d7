// The server as a team runs it, for `npm run bench` (issue 46): requests per second of `/` and of
// the inbox (POST /api/v1.0/email/send, stored in PostgreSQL) on one instance and on two behind
// Debian's haproxy on loopback, and the time from SIGTERM to exit under load.
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createTestDatabase } from "../../server/testing/postgres.mjs";
import { startServerProcess } from "../../server/testing/server-process.mjs";

const INBOX = "/api/v1.0/email/send";
const LEAD = JSON.stringify({
  lib_version: "local",
  user_id: "local-inbox",
  service_id: "local_inbox",
  template_id: "template_contact",
  template_params: { from_name: "Bench", from_email: "bench@example.se", subject: "Nytt meddelande" },
});

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });

/** autocannon against `url` for `seconds`: `/` (GET) or the inbox (POST). */
function load(url, { path, seconds, connections = 10 }) {
  const post = path === INBOX;
  return autocannon({
    url: `${url}${path}`,
    connections,
    duration: seconds,
    method: post ? "POST" : "GET",
    headers: post ? { "content-type": "application/json", origin: url } : { "accept-encoding": "br" },
    body: post ? LEAD : undefined,
  });
}

const figuresOf = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

/** haproxy on `port` in front of `backends` (round robin, a refused connection tried on the other). */
async function startHaproxy(port, backends) {
  const dir = await mkdtemp(join(tmpdir(), "bench-haproxy-"));
  const config = join(dir, "haproxy.cfg");
  await writeFile(
    config,
    [
      "global",
      "  maxconn 4096",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      "  retries 3",
      "  option redispatch",
      "  retry-on conn-failure empty-response",
      "frontend site",
      `  bind 127.0.0.1:${port}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  option httpchk GET /readyz",
      ...backends.map((b, i) => `  server i${i} ${new URL(b).host} check inter 1s`),
      "",
    ].join("\n"),
  );
  const child = spawn("haproxy", ["-f", config], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * @param {{ buildDir?: string, seconds?: number, log?: (line: string) => void }} [options]
 */
export async function benchInstances({ buildDir = "build", seconds = 8, log = () => {} } = {}) {
  const db = await createTestDatabase("bench46");
  const dir = await mkdtemp(join(tmpdir(), "bench-instances-"));
  const env = {
    BUILD_ROOT: join(buildDir, "client"),
    INBOX_DIR: dir,
    DATABASE_URL: db.url,
    INBOX_RATE_LIMIT: "100000000",
    INBOX_EMAIL_RATE_LIMIT: "100000000",
    LOG_FORMAT: "json",
  };
  /** @type {ReturnType<typeof startServerProcess>[]} */
  const servers = [];
  const start = () => {
    const s = startServerProcess(env);
    servers.push(s);
    return s;
  };
  const result = { seconds, one: {}, two: null, stop: null, haproxy: null };
  try {
    const [a, b] = [start(), start()];
    const urls = await Promise.all([a.url, b.url]);
    for (const path of ["/", INBOX]) {
      log(`instances: one instance, ${path}…`);
      result.one[path] = figuresOf(await load(urls[0], { path, seconds }));
    }
    const haproxy = spawnSync("haproxy", ["-v"], { encoding: "utf8" });
    if (haproxy.status === 0) {
      result.haproxy = haproxy.stdout.split("\n")[0];
      const proxy = await startHaproxy(await freePort(), urls);
      try {
        result.two = {};
        for (const path of ["/", INBOX]) {
          log(`instances: two behind haproxy, ${path}…`);
          result.two[path] = figuresOf(await load(proxy.url, { path, seconds }));
        }
      } finally {
        await proxy.stop();
      }
    } else {
      log("instances: haproxy is not installed (apt-get install haproxy): two instances not measured");
    }

    // SIGTERM in the middle of a load of pages and leads on one instance.
    log("instances: SIGTERM under load…");
    const pages = load(urls[0], { path: "/", seconds: 4 });
    const leads = load(urls[0], { path: INBOX, seconds: 4, connections: 4 });
    await new Promise((r) => setTimeout(r, 2000));
    const exit = await a.stop();
    const [p, l] = await Promise.all([pages, leads]);
    result.stop = { ms: Math.round(exit.ms), code: exit.code, pages: figuresOf(p), leads: figuresOf(l) };
  } finally {
    for (const s of servers) s.child.kill("SIGKILL");
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
  return result;
}

/** The bench's lines for these figures. */
export function instancesReport(f) {
  const row = (label, x) =>
    x
      ? `  ${label}: ${x.rps} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms${x.non2xx || x.errors ? ` (${x.non2xx} non-2xx, ${x.errors} errors)` : ""}`
      : `  ${label}: not measured (no haproxy)`;
  return [
    `Instances (issue 46; ${f.seconds} s each, 10 connections, autocannon on the same 2 cores; leads stored in PostgreSQL):`,
    row("/ on one instance", f.one["/"]),
    row(`${INBOX} on one instance`, f.one[INBOX]),
    row("/ on two behind haproxy", f.two?.["/"]),
    row(`${INBOX} on two behind haproxy`, f.two?.[INBOX]),
    `  SIGTERM under load (pages and leads): exit ${f.stop.code} after ${f.stop.ms} ms; ` +
      `meanwhile ${f.stop.pages.non2xx + f.stop.leads.non2xx} non-2xx answers, ` +
      `${f.stop.pages.errors + f.stop.leads.errors} refused or closed connections (after the stop)`,
    ...(f.haproxy ? [`  (${f.haproxy})`] : []),
  ];
}

// `node scripts/lib/bench-instances.mjs [seconds]`: these figures alone, on the build that is there.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchInstances({ seconds: Number(process.argv[2] ?? 8), log: (msg) => console.log(msg) });
  console.log(instancesReport(figures).join("\n"));
  console.log(JSON.stringify(figures));
}
