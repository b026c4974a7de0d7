// @vitest-environment node
// The takeover across two server processes on one PostgreSQL database (decision 074): one winner of two takes, a
// visitor's line on A to the salesperson's stream on B and back within 1 s, and a killed instance's visitor
// resuming on the other without missing a line.
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConversations } from "../adapters/store/conversations.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { createSalesTeam } from "../adapters/store/sales-team.mjs";
import { hashPassword } from "../routes/admin/password.mjs";
import { tempDir } from "../testing/helpers.mjs";
import { createTestDatabase } from "../testing/postgres.mjs";
import { readStream } from "../testing/sse.mjs";

const PASSWORD = "två servrar, en kund";

describe("the takeover on two servers sharing one PostgreSQL database", () => {
  let db;
  let dir;
  let hash;
  let store;
  const running = new Set();
  const streams = [];

  beforeAll(async () => {
    db = await createTestDatabase("t74s");
    dir = await tempDir();
    await mkdir(join(dir, "client", "admin"), { recursive: true });
    await writeFile(join(dir, "client", "admin", "index.html"), "<!doctype html><title>Administration</title>");
    hash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
    store = openStore({ databaseUrl: db.url, dir, log: () => {} });
    await store.ready();
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const s of running) s.kill("SIGKILL");
    await store?.close();
    await db.drop();
  });

  async function start() {
    const child = spawn(process.execPath, ["server/index.mjs"], {
      env: {
        ...process.env,
        PORT: "0",
        INBOX_DIR: dir,
        BUILD_ROOT: join(dir, "client"),
        NODE_ENV: "production",
        DATABASE_URL: db.url,
        ADMIN_PASSWORD_HASH: hash,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    running.add(child);
    const url = await new Promise((resolve, reject) => {
      child.stdout.on("data", (d) => {
        const m = /on (http:\/\/\S+)/.exec(String(d));
        if (m) resolve(m[1]);
      });
      child.on("exit", reject);
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    return {
      url,
      kill: () => {
        running.delete(child);
        child.kill("SIGKILL");
        return exited;
      },
      stop: () => {
        running.delete(child);
        child.kill("SIGTERM");
        return exited;
      },
    };
  }

  const request = (server, path, { method = "GET", body, cookie, token, headers = {} } = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin: server.url,
        "sec-fetch-site": "same-origin",
        ...(body ? { "content-type": "application/json" } : {}),
        ...(cookie ? { cookie } : {}),
        ...(token ? { "x-conversation-token": token } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const login = async (server, email) => {
    const res = await request(server, "/api/admin/login", { method: "POST", body: { password: PASSWORD, email } });
    const cookie = /^(__Host-admin_session=[^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
    if (!cookie) throw new Error(`no session: ${res.status}`);
    return cookie;
  };
  const open = async (server, path, options) => {
    const res = await request(server, path, options);
    expect(res.status).toBe(200);
    const stream = readStream(res);
    streams.push(stream);
    return stream;
  };

  it("one take wins; lines cross within 1 s both ways; a killed instance's visitor misses nothing", async () => {
    const team = createSalesTeam(store);
    for (const [name, email] of [
      ["Sara", "sara@example.se"],
      ["Olof", "olof@example.se"],
    ]) {
      const { account } = /** @type {any} */ (await team.addAccount({ name, email }));
      await team.setPassword(account.id, hash);
    }
    const conversations = createConversations(store);
    const { id, token } = await conversations.create({
      transcript: [{ author: "visitor", text: "Kan jag prata med en människa?" }],
      page: "/",
    });
    const [a, b] = await Promise.all([start(), start()]);
    const [sara, olof] = await Promise.all([login(a, "sara@example.se"), login(b, "olof@example.se")]);

    const takes = await Promise.all([
      request(a, `/api/admin/conversations/${id}/take`, { method: "POST", body: {}, cookie: sara }),
      request(b, `/api/admin/conversations/${id}/take`, { method: "POST", body: {}, cookie: olof }),
    ]);
    expect(takes.map((r) => r.status).sort()).toEqual([200, 409]);
    const [won, lost] = await Promise.all(takes.map((r) => r.json()));
    const winner = takes[0].status === 200 ? won : lost;
    const loser = takes[0].status === 200 ? lost : won;
    expect(loser).toMatchObject({ error: "taken", holder: { name: winner.conversation.holder.name } });
    const holder = winner.conversation.holder.name === "Sara" ? { cookie: sara } : { cookie: olof };

    // The salesperson on B, the visitor on A.
    const agent = await open(b, "/api/admin/live", holder);
    await agent.until(() => agent.events.some((e) => e.kind === "presence"));
    const visitor = await open(a, `/api/chat/conversations/${id}/live?token=${token}`);
    await visitor.until(() => visitor.events.some((e) => e.kind === "line" && e.id === 1));

    const rounds = [];
    for (let i = 0; i < 5; i++) {
      const sent = performance.now();
      const mine = await request(a, `/api/chat/conversations/${id}/lines`, {
        method: "POST",
        body: { text: `fråga ${i}` },
        token,
      });
      const { seq } = await mine.json();
      await agent.until(() => agent.kept("conversation.line").some((e) => e.data.seq === seq), 1000, "the line on B");
      const there = performance.now();
      const answer = await request(b, `/api/admin/conversations/${id}/lines`, {
        method: "POST",
        body: { text: `svar ${i}` },
        ...holder,
      });
      const back = (await answer.json()).seq;
      await visitor.until(() => visitor.events.some((e) => e.id === back), 1000, "the answer on A");
      rounds.push([there - sent, performance.now() - there]);
    }
    for (const [to, from] of rounds) {
      expect(to).toBeLessThan(1000);
      expect(from).toBeLessThan(1000);
    }

    const lastSeen = Math.max(...visitor.events.filter((e) => e.kind === "line").map((e) => e.id));
    await a.kill();
    await visitor.until(() => visitor.ended, 5000, "A's stream gone with A");
    const missed = [];
    for (const text of ["medan du var borta", "och en till"]) {
      const res = await request(b, `/api/admin/conversations/${id}/lines`, {
        method: "POST",
        body: { text },
        ...holder,
      });
      missed.push((await res.json()).seq);
    }
    const again = await open(b, `/api/chat/conversations/${id}/live?token=${token}`, {
      headers: { "last-event-id": String(lastSeen) },
    });
    await again.until(() => again.events.some((e) => e.id === missed.at(-1)), 2000, "the missed lines on B");
    const lines = again.events.filter((e) => e.kind === "line");
    expect(lines.map((e) => e.id)).toEqual(missed);
    expect(lines.map((e) => e.data.text)).toEqual(["medan du var borta", "och en till"]);
    expect(again.events[0]).toMatchObject({ kind: "state", data: { state: "held" } });
    await b.stop();
  }, 60_000);
});
