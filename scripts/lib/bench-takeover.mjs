// The live takeover for `npm run bench` (issue 53, decision 074): a visitor's line to the salesperson's stream and
// the answer back to the visitor's (p50/p95), on one instance and across two on one PostgreSQL database; and 500
// open visitor streams on one instance: memory per stream and `/`'s rate beside them.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createConversations } from "../../server/adapters/store/conversations.mjs";
import { openStore } from "../../server/adapters/store/index.mjs";
import { hashPassword } from "../../server/routes/admin/password.mjs";
import { createTestDatabase } from "../../server/testing/postgres.mjs";
import { startServerProcess } from "../../server/testing/server-process.mjs";
import { readStream } from "../../server/testing/sse.mjs";
import { percentile } from "./site-server.mjs";

const PASSWORD = "bänkens eget lösenord";
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
const summary = (values) => ({
  p50: Math.round(percentile(values, 0.5)),
  p95: Math.round(percentile(values, 0.95)),
  max: Math.round(Math.max(...values)),
});

/** @param {{ buildDir?: string, rounds?: number, streams?: number, seconds?: number, log?: (line: string) => void }} [options] */
export async function benchTakeover({
  buildDir = "build",
  rounds = 100,
  streams = 500,
  seconds = 8,
  log = () => {},
} = {}) {
  const db = await createTestDatabase("bench74");
  const dir = await mkdtemp(join(tmpdir(), "bench-takeover-"));
  const env = {
    BUILD_ROOT: join(buildDir, "client"),
    INBOX_DIR: dir,
    DATABASE_URL: db.url,
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    CHAT_MAX_STREAMS: String(streams + 10),
    LOG_FORMAT: "json",
  };
  const store = openStore({ databaseUrl: db.url, dir, log: () => {} });
  const conversations = createConversations(store);
  const servers = [startServerProcess(env), startServerProcess(env)];
  /** @type {ReturnType<typeof readStream>[]} */
  const open = [];
  try {
    const [a, b] = await Promise.all(servers.map((s) => s.url));
    const headers = (url) => ({ origin: url, "sec-fetch-site": "same-origin", "content-type": "application/json" });
    const post = (url, path, body, extra = {}) =>
      fetch(`${url}${path}`, { method: "POST", headers: { ...headers(url), ...extra }, body: JSON.stringify(body) });
    const login = await post(a, "/api/admin/login", { password: PASSWORD });
    const cookie = /(__Host-admin_session=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
    if (!cookie) throw new Error(`no session: ${login.status}`);
    const read = async (url, path, extra = {}) => {
      const res = await fetch(`${url}${path}`, { headers: { ...headers(url), ...extra } });
      if (res.status !== 200) throw new Error(`a stream was refused: ${res.status}`);
      const s = readStream(res);
      open.push(s);
      return s;
    };
    const newConversation = () =>
      conversations.create({ transcript: [{ author: "visitor", text: "Kan jag prata med en människa?" }], page: "/" });

    /** Each round a conversation of its own (20 lines a minute each): taken, then one line each way, timed. */
    async function exchange(visitorAt, agentAt) {
      const agent = await read(agentAt, "/api/admin/live", { cookie });
      await agent.until(() => agent.events.some((e) => e.kind === "presence"), 30_000);
      const there = [];
      const back = [];
      for (let i = 0; i < rounds; i++) {
        const { id, token } = await newConversation();
        const taken = await post(agentAt, `/api/admin/conversations/${id}/take`, {}, { cookie });
        if (taken.status !== 200) throw new Error(`the take was refused: ${taken.status}`);
        const visitor = await read(visitorAt, `/api/chat/conversations/${id}/live?token=${token}`);
        await visitor.until(() => visitor.events.some((e) => e.kind === "line"), 10_000);
        const sent = performance.now();
        const line = await post(
          visitorAt,
          `/api/chat/conversations/${id}/lines`,
          { text: `fråga ${i}` },
          {
            "x-conversation-token": token,
          },
        );
        const { seq } = await line.json();
        await agent.until(
          () => agent.kept("conversation.line").some((e) => e.data.conversation === id && e.data.seq === seq),
          5000,
        );
        const arrived = /** @type {number} */ (
          agent.kept("conversation.line").find((e) => e.data.conversation === id && e.data.seq === seq)?.at
        );
        there.push(arrived - sent);
        const answered = performance.now();
        const answer = await post(agentAt, `/api/admin/conversations/${id}/lines`, { text: `svar ${i}` }, { cookie });
        const replySeq = (await answer.json()).seq;
        await visitor.until(() => visitor.events.some((e) => e.id === replySeq), 5000);
        back.push(/** @type {number} */ (visitor.events.find((e) => e.id === replySeq)?.at) - answered);
        visitor.close();
      }
      agent.close();
      return {
        rounds,
        toAgent: summary(there),
        toVisitor: summary(back),
        roundTrip: summary(there.map((t, i) => t + back[i])),
      };
    }

    log(`takeover: ${rounds} lines each way on one instance…`);
    const one = await exchange(a, a);
    log(`takeover: ${rounds} lines each way, the visitor on A and the salesperson on B…`);
    const two = await exchange(a, b);

    log(`takeover: / on A without visitor streams, then with ${streams} open…`);
    const ids = [];
    for (let i = 0; i < streams; i++) ids.push(await newConversation());
    const pid = /** @type {number} */ (servers[0].child.pid);
    const without = await rate(a, seconds);
    const rssBefore = rssOf(pid);
    for (let i = 0; i < streams; i += 50)
      await Promise.all(
        ids.slice(i, i + 50).map(async ({ id, token }) => {
          const s = await read(a, `/api/chat/conversations/${id}/live?token=${token}`);
          await s.until(() => s.events.some((e) => e.kind === "line"), 30_000);
        }),
      );
    const rssAfter = rssOf(pid);
    const beside = await rate(a, seconds);
    return {
      one,
      two,
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
    await store.close();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The bench's lines for these figures. */
export function takeoverReport(f) {
  const row = (x) =>
    `${x.rps} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms${x.non2xx || x.errors ? ` (${x.non2xx} non-2xx, ${x.errors} errors)` : ""}`;
  const pair = (x) =>
    `visitor → salesperson p50 ${x.toAgent.p50} / p95 ${x.toAgent.p95} ms, back p50 ${x.toVisitor.p50} / p95 ${x.toVisitor.p95} ms, round trip p95 ${x.roundTrip.p95} ms (max ${x.roundTrip.max})`;
  return [
    "The live takeover (issue 53; PostgreSQL, on the same cores as the load; each from the POST to the frame):",
    `  one instance: ${pair(f.one)} (${f.one.rounds} rounds)`,
    `  visitor on A, salesperson on B: ${pair(f.two)}`,
    `  ${f.streams.count} open visitor streams on A: RSS ${f.streams.rssBeforeMb} → ${f.streams.rssAfterMb} MB, ${f.streams.kbPerStream} KB a stream`,
    `  / on A (${f.page.seconds} s, 10 connections): ${row(f.page.without)} alone; ${row(f.page.beside)} beside ${f.streams.count} streams`,
    `  (load average ${f.loadAverage.toFixed(1)} at the end)`,
  ];
}

// `node scripts/lib/bench-takeover.mjs`: these figures alone, on the build that is there.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchTakeover({ log: (msg) => console.log(msg) });
  console.log(takeoverReport(figures).join("\n"));
  console.log(JSON.stringify(figures));
}
