// Emma's endpoint under a hostile provider (issue 28): the server's peak RSS while the provider
// streams 50 MB (and one endless line) to visitors who do not read, and the latency of unrelated
// requests meanwhile against idle. A flood of visitors' questions against a small cap (issue 43):
// a lead is still taken. `node scripts/lib/bench-abuse.mjs` runs them alone, `--flood` the flood only.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { openStore } from "../../server/adapters/store/index.mjs";
import { hashPassword } from "../../server/routes/admin/password.mjs";
import { startHostileProvider } from "../../server/testing/hostile-ai-provider.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
/** A /proc/<pid>/status field in bytes (VmRSS: now, VmHWM: the peak so far). */
const procKb = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

function get(port, path) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request({ host: "127.0.0.1", port, path }, (res) => {
      res.resume();
      res.on("end", () => resolve(performance.now() - started));
    })
      .on("error", reject)
      .end();
  });
}

/** A question whose answer is read whole. */
function ask(port) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/assistant",
        method: "POST",
        headers: { "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        res.on("end", resolve);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ message: "Hej" }));
  });
}

/** A visitor who asks and then never reads the answer; `close` lets go of the connection. */
function stalledQuestion(port) {
  const req = request({
    host: "127.0.0.1",
    port,
    path: "/api/assistant",
    method: "POST",
    headers: { "content-type": "application/json" },
  });
  req.on("error", () => {});
  const answered = new Promise((resolve) => {
    req.on("response", (res) => {
      res.pause();
      resolve(res.statusCode);
    });
    req.on("close", () => resolve(0));
  });
  req.end(JSON.stringify({ message: "Berätta om era tjänster" }));
  return { answered, close: () => req.destroy() };
}

/**
 * @param {{ log?: (msg: string) => void, stalled?: number, samples?: number }} [options]
 */
export async function benchAbuse({ log = () => {}, stalled = 1, samples = 300 } = {}) {
  const provider = await startHostileProvider();
  const dir = mkdtempSync(join(tmpdir(), "bench-abuse-"));
  const server = spawn(process.execPath, [join(repo, "server/index.mjs")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      BUILD_ROOT: join(repo, "build", "client"),
      INBOX_DIR: dir,
      AI_API_KEY: "bench-key",
      AI_BASE_URL: provider.baseUrl,
      AI_RATE_PER_MINUTE: "1000000",
      AI_RATE_PER_DAY: "1000000",
      AI_DAILY_TOKENS: "1000000000",
      AI_VISITOR_DAILY_TOKENS: "1000000000",
      TRUST_PROXY: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    let out = "";
    server.stdout.setEncoding("utf8");
    const listening = /on http:\/\/\S+:(\d+)/;
    while (!listening.test(out)) {
      const [chunk] = await once(server.stdout, "data");
      out += chunk;
    }
    server.stdout.resume();
    const port = Number(listening.exec(out)?.[1]);
    const pid = /** @type {number} */ (server.pid);

    const latencies = async () => {
      const times = [];
      for (let i = 0; i < samples; i++) times.push(await get(port, "/api/inbox-status.json"));
      return times;
    };
    await latencies(); // warm-up, and one answer read whole, so the figures leave out loading fetch
    provider.answerWith({ kind: "usage", totalTokens: 10 });
    for (let i = 0; i < 20; i++) await ask(port);
    const idle = await latencies();
    const phases = [];
    for (const [name, hostility] of [
      ["ordinary short answers (reference)", { kind: "usage", totalTokens: 10 }],
      ["50 MB answer", { kind: "huge", bytes: 50 * 1024 * 1024 }],
      ["one endless line", { kind: "long-line" }],
    ]) {
      provider.answerWith(/** @type {any} */ (hostility));
      // One question, as the issue measured it: "5" resets the process's peak RSS (VmHWM).
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
      const oneBefore = procKb(pid, "VmRSS");
      const first = provider.requests.length;
      const one = stalledQuestion(port);
      await one.answered;
      // The case: unrelated requests while this one visitor's answer is held unread.
      const whileOne = await latencies();
      while (!(provider.requests[first]?.closedEarly || provider.requests[first]?.finished))
        await new Promise((r) => setTimeout(r, 10));
      const onePeak = procKb(pid, "VmHWM");
      const oneProviderBytes = provider.requests[first].written;
      one.close();

      writeFileSync(`/proc/${pid}/clear_refs`, "5");
      const before = procKb(pid, "VmRSS");
      let running = true;
      const open = [];
      // Keep `stalled` visitors asking and not reading while the unrelated requests are timed.
      const keepAsking = Array.from({ length: stalled }, async () => {
        while (running) {
          const index = provider.requests.length;
          const q = stalledQuestion(port);
          open.push(q);
          await q.answered;
          // The next question once the provider's answer to this one has ended either way.
          const ended = () => {
            const r = provider.requests[index];
            return r && (r.closedEarly || r.finished);
          };
          while (running && !ended()) await new Promise((r) => setTimeout(r, 10));
        }
      });
      const during = await latencies();
      running = false;
      await Promise.all(keepAsking);
      open.forEach((q) => q.close());
      const peak = procKb(pid, "VmHWM");
      phases.push({
        name,
        oneRssBefore: oneBefore,
        onePeakRss: onePeak,
        oneRssGrowth: Math.max(0, onePeak - oneBefore),
        oneProviderBytes,
        oneDuringMedian: median(whileOne),
        oneDuringP95: p95(whileOne),
        questions: open.length,
        rssBefore: before,
        peakRss: peak,
        rssGrowth: Math.max(0, peak - before),
        providerBytes: provider.requests.reduce((n, r) => n + r.written, 0),
        duringMedian: median(during),
        duringP95: p95(during),
      });
      provider.requests.length = 0;
      log(`abuse: ${name} done`);
    }
    return {
      idleMedian: median(idle),
      idleP95: p95(idle),
      samples,
      stalled,
      phases,
      exports: await benchExport({ log }),
    };
  } finally {
    server.kill("SIGTERM");
    await once(server, "exit").catch(() => {});
    await provider.close();
  }
}

/** The bench's lines for these figures, with the targets. */
export function abuseReport(a) {
  const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const mark = (ok) => (ok ? "✓" : "✗");
  return [
    `Emma's endpoint under a hostile provider (issue 28; ${a.stalled} visitors asking and not reading, ${a.samples} unrelated requests):`,
    `    idle: unrelated requests ${a.idleMedian.toFixed(2)} ms median, ${a.idleP95.toFixed(2)} ms p95`,
    ...a.phases.flatMap((p) => [
      `  ${mark(p.oneRssGrowth <= 20 * 1024 * 1024)} ${p.name}, one visitor not reading: server RSS ${mb(p.oneRssBefore)} before, peak ${mb(p.onePeakRss)} (+${mb(p.oneRssGrowth)}; target +20 MB at most); the provider wrote ${mb(p.oneProviderBytes)}`,
      `  ${mark(p.oneDuringMedian <= 2 * a.idleMedian)} ${p.name}, one visitor not reading: unrelated requests ${p.oneDuringMedian.toFixed(2)} ms median, ${p.oneDuringP95.toFixed(2)} ms p95 (target ≤ twice the idle median)`,
      `    ${p.name}, asked again and again while timing: server RSS ${mb(p.rssBefore)} before, peak ${mb(p.peakRss)} (+${mb(p.rssGrowth)}); ${p.questions} questions, the provider wrote ${mb(p.providerBytes)}`,
      `    ${p.name}, asked again and again: unrelated requests ${p.duringMedian.toFixed(2)} ms median, ${p.duringP95.toFixed(2)} ms p95 (no target: compare with the ordinary answers)`,
    ]),
    ...(a.exports ? exportReport(a.exports) : []),
  ];
}

/** A message as a flood would leave it: 38 fields a sender invented, and a long conversation. */
const floodMessage = (i) => ({
  kind: "lead",
  template: "template_lead",
  receivedAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
  params: {
    from_name: `Person ${i}`,
    from_email: `p${i}@example.se`,
    conversation: `Du: fråga ${i}\nEmma: ${"svar ".repeat(800)}`,
    ...Object.fromEntries(Array.from({ length: 38 }, (_, k) => [`invented_${i}_${k}`, "x".repeat(40)])),
  },
});

/** The old-space cap (MB) of the server the export runs on: the export must finish within it. */
const EXPORT_HEAP_MB = 48;

/** Starts `npm start`'s server on `dir` with /admin on; its port, pid and a stop. */
async function startAdminServer(dir, hash) {
  const server = spawn(process.execPath, [`--max-old-space-size=${EXPORT_HEAP_MB}`, join(repo, "server/index.mjs")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      INBOX_DIR: dir,
      ADMIN_PASSWORD_HASH: hash,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  server.stdout.setEncoding("utf8");
  const listening = /on http:\/\/\S+:(\d+)/;
  while (!listening.test(out)) out += (await once(server.stdout, "data"))[0];
  server.stdout.resume();
  return {
    port: Number(listening.exec(out)?.[1]),
    pid: /** @type {number} */ (server.pid),
    stop: async () => {
      server.kill("SIGTERM");
      await once(server, "exit").catch(() => {});
    },
  };
}

/**
 * The operator page's CSV export of `counts` messages with invented fields (issue 43): the time
 * to the last byte and the server's peak RSS while it streams, one server per count.
 * @param {{ counts?: number[], log?: (msg: string) => void }} [options]
 */
export async function benchExport({ counts = [500, 2000, 6000], log = () => {} } = {}) {
  const password = "bench-lösenord för export";
  const hash = await hashPassword(password, { N: 1024, r: 8, p: 1 });
  const runs = [];
  for (const count of counts) {
    const dir = mkdtempSync(join(tmpdir(), "bench-export-"));
    const store = openStore({ dir, maxBytes: 0, log: () => {} });
    for (let i = 0; i < count; i++) await store.addMessage(floodMessage(i), { channels: [] });
    await store.close();
    const server = await startAdminServer(dir, hash);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const headers = { origin: base, "sec-fetch-site": "same-origin" };
      const login = await fetch(`${base}/api/admin/login`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ password }),
      });
      const cookie = /^([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1] ?? "";
      writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
      const before = procKb(server.pid, "VmRSS");
      const started = performance.now();
      const res = await fetch(`${base}/api/admin/messages.csv`, { headers: { ...headers, cookie } });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 13) lines++;
      }
      const ms = performance.now() - started;
      const peak = procKb(server.pid, "VmHWM");
      runs.push({
        count,
        ms,
        bytes,
        lines: lines - 1,
        rssBefore: before,
        peakRss: peak,
        rssGrowth: Math.max(0, peak - before),
      });
      log(`abuse: CSV export of ${count} messages done`);
    } finally {
      await server.stop();
    }
  }
  return runs;
}

/** The bench's lines for the export: bounded memory (growth alike at every size) and linear time. */
export function exportReport(runs) {
  const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const first = runs[0];
  const last = runs[runs.length - 1];
  // RSS grows while V8's heap fills up to its cap, then levels off: the last step (3× the rows)
  // may add at most half again what the one before reached.
  const before = runs[runs.length - 2] ?? first;
  const bounded = last.lines === last.count && last.rssGrowth <= Math.max(before.rssGrowth * 1.5, 32 * 1024 * 1024);
  const linear = last.ms / last.count <= 3 * (first.ms / first.count);
  return [
    `The operator page's CSV export of messages with 38 invented fields each (issue 43; the server's heap capped at ${EXPORT_HEAP_MB} MB):`,
    ...runs.map(
      (r) =>
        `    ${r.count} messages: ${r.lines} rows, ${mb(r.bytes)} in ${Math.round(r.ms)} ms (${(r.ms / r.count).toFixed(2)} ms a message); server RSS ${mb(r.rssBefore)} before, peak +${mb(r.rssGrowth)}`,
    ),
    `  ${bounded ? "✓" : "✗"} memory bounded: every row written within the heap cap, peak growth at ${last.count} within 1.5× that at ${before.count} (or 32 MB)`,
    `  ${linear ? "✓" : "✗"} time linear: per message at ${last.count} within 3× that at ${first.count}`,
  ];
}

/** A POST of JSON to the server; resolves with the status. */
function postJson(port, path, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/json" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Issue 43: `reports` reports of unanswered questions (499 four-byte letters each, as the issue
 * sent them) against INBOX_MAX_BYTES=`maxBytes` and INSIGHTS_MAX_QUESTIONS=`maxQuestions`, then a
 * lead; the questions kept and their bytes, the leads' bytes, and the lead's status.
 * @param {{ log?: (msg: string) => void, reports?: number, maxQuestions?: number, maxBytes?: number }} [options]
 */
export async function benchQuestionFlood({
  log = () => {},
  reports = 1000,
  maxQuestions = 200,
  maxBytes = 2 * 1024 * 1024,
} = {}) {
  const dir = mkdtempSync(join(tmpdir(), "bench-flood-"));
  const server = spawn(process.execPath, [join(repo, "server/index.mjs")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      BUILD_ROOT: join(repo, "build", "client"),
      INBOX_DIR: dir,
      INBOX_MAX_BYTES: String(maxBytes),
      INSIGHTS_MAX_QUESTIONS: String(maxQuestions),
      INSIGHTS_RATE_LIMIT: "1000000",
      TRUST_PROXY: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const statuses = {};
  let lead = 0;
  const started = performance.now();
  try {
    let out = "";
    server.stdout.setEncoding("utf8");
    const listening = /on http:\/\/\S+:(\d+)/;
    while (!listening.test(out)) {
      const [chunk] = await once(server.stdout, "data");
      out += chunk;
    }
    server.stdout.resume();
    const port = Number(listening.exec(out)?.[1]);
    const letters = "\u{10400}".repeat(499);
    let next = 0;
    // Four visitors at a time, each question its own.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < reports) {
          const i = next++;
          const status = await postJson(port, "/api/insights", {
            event: "question",
            page: "/",
            outcome: "none",
            question: `fråga ${i} ${letters}`,
          });
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (i % 250 === 249) log(`flood: ${i + 1} reports sent`);
        }
      }),
    );
    lead = await postJson(port, "/api/v1.0/email/send", {
      lib_version: "4.4.1",
      user_id: "local-inbox",
      service_id: "local_inbox",
      template_id: "template_lead",
      template_params: { from_name: "Lena Lead", from_email: "lena@lead.se", conversation: "Emma: Hej!" },
    });
  } finally {
    server.kill("SIGTERM");
    await once(server, "exit").catch(() => {});
  }
  const seconds = (performance.now() - started) / 1000;
  const store = openStore({ dir, log: () => {} });
  try {
    const db = /** @type {import("kysely").Kysely<any>} */ (await store.ready().then(() => store.db));
    const kept = await db
      .selectFrom("unanswered_questions")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    const { rows } =
      await sql`select sum(pgsize) as bytes from dbstat where name like ${"%unanswered_questions%"}`.execute(db);
    return {
      reports,
      maxQuestions,
      maxBytes,
      statuses,
      seconds,
      questionsKept: Number(kept?.n ?? 0),
      questionBytes: Number(/** @type {any} */ (rows[0])?.bytes ?? 0),
      leadBytes: await store.sizeBytes(),
      leadStatus: lead,
    };
  } finally {
    await store.close();
  }
}

/** The bench's lines for the flood of questions. */
export function questionFloodReport(f) {
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  const answered = Object.entries(f.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
  return [
    `A flood of visitors' questions against a small cap (issue 43; INBOX_MAX_BYTES ${kb(f.maxBytes)}, INSIGHTS_MAX_QUESTIONS ${f.maxQuestions}):`,
    `    ${f.reports} reports of 499 four-byte letters in ${f.seconds.toFixed(1)} s (${answered}); ${f.questionsKept} questions kept in ${kb(f.questionBytes)}, the leads' space ${kb(f.leadBytes)}`,
    `  ${f.leadStatus === 200 ? "✓" : "✗"} a lead after the flood: ${f.leadStatus} (target 200)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (msg) => console.log(msg);
  if (process.argv.includes("--export")) {
    console.log(exportReport(await benchExport({ log })).join("\n"));
  } else if (process.argv.includes("--flood")) {
    console.log(questionFloodReport(await benchQuestionFlood({ log })).join("\n"));
  } else {
    console.log(abuseReport(await benchAbuse({ log })).join("\n"));
    console.log(questionFloodReport(await benchQuestionFlood({ log })).join("\n"));
  }
}
