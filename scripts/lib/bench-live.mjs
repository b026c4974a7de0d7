// The team page's live events for `npm run bench` (issue 53, decision 072): a lead stored by one instance to
// the stream of a salesperson on the other (p50/p95), and 500 open streams on one instance: memory per stream
// and `/`'s rate beside them.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { hashPassword } from "../../server/routes/admin/password.mjs";
import { createTestDatabase } from "../../server/testing/postgres.mjs";
import { startServerProcess } from "../../server/testing/server-process.mjs";
import { readStream } from "../../server/testing/sse.mjs";
import { percentile } from "./site-server.mjs";

const PASSWORD = "bänkens eget lösenord";
const lead = (i) =>
  JSON.stringify({
    lib_version: "local",
    user_id: "local-inbox",
    service_id: "local_inbox",
    template_id: "template_lead",
    template_params: { from_name: `Bench ${i}`, from_email: `bench${i}@example.se`, message: "Ring mig" },
  });
/** The resident memory of a process, from /proc (Linux). @param {number} pid */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

const rate = async (url, seconds) => {
  const r = await autocannon({
    url: `${url}/`,
    connections: 10,
    duration: seconds,
    headers: { "accept-encoding": "br" },
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
};

/** @param {{ buildDir?: string, events?: number, streams?: number, seconds?: number, log?: (line: string) => void }} [options] */
export async function benchLive({ buildDir = "build", events = 200, streams = 500, seconds = 8, log = () => {} } = {}) {
  const db = await createTestDatabase("bench53");
  const dir = await mkdtemp(join(tmpdir(), "bench-live-"));
  const env = {
    BUILD_ROOT: join(buildDir, "client"),
    INBOX_DIR: dir,
    DATABASE_URL: db.url,
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    INBOX_RATE_LIMIT: "100000000",
    INBOX_EMAIL_RATE_LIMIT: "100000000",
    LIVE_MAX_PER_ADDRESS: String(streams + 10),
    LIVE_MAX_CONNECTIONS: String(streams + 10),
    LOG_FORMAT: "json",
  };
  const servers = [startServerProcess(env), startServerProcess(env)];
  /** @type {ReturnType<typeof readStream>[]} */
  const open = [];
  try {
    const [a, b] = await Promise.all(servers.map((s) => s.url));
    const headers = (url) => ({ origin: url, "sec-fetch-site": "same-origin", "content-type": "application/json" });
    const login = await fetch(`${a}/api/admin/login`, {
      method: "POST",
      headers: headers(a),
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = /(__Host-admin_session=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
    if (!cookie) throw new Error(`no session: ${login.status}`);
    const stream = async (url) => {
      const res = await fetch(`${url}/api/admin/live`, { headers: { ...headers(url), cookie } });
      if (res.status !== 200) throw new Error(`a stream was refused: ${res.status}`);
      const s = readStream(res);
      open.push(s);
      await s.until(() => s.events.some((e) => e.kind === "presence"), 30_000);
      return s;
    };

    log(`live: ${events} leads stored on A, each to a stream on B…`);
    const onB = await stream(b);
    /** @type {number[]} */
    const latencies = [];
    /** @type {number[]} */
    const answers = [];
    for (let i = 0; i < events; i++) {
      const before = onB.kept("message.added").length;
      const sent = performance.now();
      const res = await fetch(`${a}/api/v1.0/email/send`, { method: "POST", headers: headers(a), body: lead(i) });
      if (!res.ok) throw new Error(`the lead was refused: ${res.status}`);
      answers.push(performance.now() - sent);
      await onB.until(() => onB.kept("message.added").length > before, 5000);
      latencies.push(/** @type {number} */ (onB.kept("message.added").at(-1)?.at) - sent);
    }
    const across = {
      events,
      p50: Math.round(percentile(latencies, 0.5)),
      p95: Math.round(percentile(latencies, 0.95)),
      max: Math.round(Math.max(...latencies)),
      answerP50: Math.round(percentile(answers, 0.5)),
      answerP95: Math.round(percentile(answers, 0.95)),
    };

    log(`live: / on A without streams, then with ${streams} open…`);
    const pid = /** @type {number} */ (servers[0].child.pid);
    const without = await rate(a, seconds);
    const rssBefore = rssOf(pid);
    for (let i = 0; i < streams; i += 50)
      await Promise.all(Array.from({ length: Math.min(50, streams - i) }, () => stream(a)));
    const rssAfter = rssOf(pid);
    const beside = await rate(a, seconds);
    return {
      across,
      streams: {
        count: streams,
        rssBeforeMb: Math.round(rssBefore / 1024 / 102.4) / 10,
        rssAfterMb: Math.round(rssAfter / 1024 / 102.4) / 10,
        kbPerStream: Math.round((rssAfter - rssBefore) / streams / 102.4) / 10,
      },
      page: { seconds, without, beside },
      loadAverage: loadavg()[0],
    };
  } finally {
    for (const s of open) await s.close();
    for (const s of servers) s.child.kill("SIGKILL");
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The bench's lines for these figures. */
export function liveReport(f) {
  const row = (x) =>
    `${x.rps} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms${x.non2xx || x.errors ? ` (${x.non2xx} non-2xx, ${x.errors} errors)` : ""}`;
  return [
    "The team page's live events (issue 53; two instances on one PostgreSQL, on the same cores as the load):",
    `  a lead sent to A → its event on a stream on B: p50 ${f.across.p50} ms, p95 ${f.across.p95} ms, max ${f.across.max} ms (${f.across.events} leads; A's answer to the POST itself p50 ${f.across.answerP50} ms, p95 ${f.across.answerP95} ms)`,
    `  ${f.streams.count} open streams on A: RSS ${f.streams.rssBeforeMb} → ${f.streams.rssAfterMb} MB, ${f.streams.kbPerStream} KB a stream`,
    `  / on A (${f.page.seconds} s, 10 connections): ${row(f.page.without)} alone; ${row(f.page.beside)} beside ${f.streams.count} streams`,
    `  (load average ${f.loadAverage.toFixed(1)} at the end)`,
  ];
}

// `node scripts/lib/bench-live.mjs`: these figures alone, on the build that is there.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchLive({ log: (msg) => console.log(msg) });
  console.log(liveReport(figures).join("\n"));
  console.log(JSON.stringify(figures));
}
