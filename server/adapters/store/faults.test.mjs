// @vitest-environment node
// The store's faults end to end: PostgreSQL away at start and mid-run (behind a proxy the test cuts), two
// servers on one database, kill -9 after a 200, a full disk, a read-only database file.
import { execFileSync, spawn } from "node:child_process";
import { chmod, mkdir, statfs, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxApp, postJson, tempDir, validMessage } from "../../testing/helpers.mjs";
import { openStore } from "./index.mjs";
import { ADMIN_URL, createTestDatabase } from "../../testing/postgres.mjs";
import { postgresProxy } from "../../testing/tcp-proxy.mjs";
import { captureLog } from "../../testing/log-capture.mjs";
import { missing } from "../../testing/harness.mjs";

const withParams = (params) => ({ ...validMessage, template_params: { ...validMessage.template_params, ...params } });
/** A lead with a long conversation: 8 KB a message, to fill a small disk in a few. */
const bigLead = (params) => ({
  ...withParams({ conversation: "x".repeat(7900), ...params }),
  template_id: "template_lead",
});

/** `node server/index.mjs` with this env; resolves with its URL once it listens. */
function startServer(env) {
  const lines = [];
  const child = spawn(process.execPath, ["server/index.mjs"], {
    env: { ...process.env, PORT: "0", NODE_ENV: "production", INBOX_RATE_LIMIT: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => lines.push(...String(d).split("\n").filter(Boolean)));
  child.stderr.on("data", (d) => lines.push(...String(d).split("\n").filter(Boolean)));
  const url = new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      const m = /on (http:\/\/\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${lines.join("\n")}`)));
  });
  return { child, url, lines };
}

const send = (url, body) =>
  fetch(`${url}/api/v1.0/email/send`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", origin: url },
  });

describe("PostgreSQL away at start and mid-run", () => {
  let db;
  let proxy;
  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await postgresProxy(ADMIN_URL);
  });
  afterAll(async () => {
    await proxy.down();
    await db.drop();
  });

  it("answers 503 (the browser keeps the message) with one clear log line, and takes messages again when it is back", async () => {
    const log = captureLog();
    await proxy.down();
    const { app, store } = inboxApp({ dir: await tempDir(), databaseUrl: proxy.url(db.name), quiet: false });
    const refused = await postJson(app, { body: withParams({ message: "while away at start" }) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await postJson(app)).status).toBe(503);
    const said = () => log.lines;
    expect(said().filter((l) => l.startsWith("store: UNAVAILABLE: cannot reach PostgreSQL"))).toHaveLength(1);

    await proxy.up();
    expect((await postJson(app, { body: withParams({ message: "back" }) })).status).toBe(200);
    expect(said()).toContain("store: PostgreSQL (DATABASE_URL) answers again; taking messages");

    // Lost mid-run: every connection dropped, none to be had.
    await proxy.down();
    expect((await postJson(app, { body: withParams({ message: "while away mid-run" }) })).status).toBe(503);
    expect(said().filter((l) => l.startsWith("store: UNAVAILABLE"))).toHaveLength(2);
    await proxy.up();
    expect((await postJson(app, { body: withParams({ message: "back again" }) })).status).toBe(200);
    expect((await store.listMessages()).items.map((m) => m.params.message)).toEqual(["back again", "back"]);
    await store.close();
  });
});

describe("two servers on one PostgreSQL database", () => {
  let db;
  const servers = [];
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const s of servers) s.child.kill("SIGKILL");
    await db.drop();
  });

  it("both start at once (one migrates), each takes a lead, both list each lead once; kill -9 after a 200 loses nothing", async () => {
    const build = join(await tempDir(), "no-build");
    for (let i = 0; i < 2; i++)
      servers.push(startServer({ DATABASE_URL: db.url, INBOX_DIR: await tempDir(), BUILD_ROOT: build }));
    const [a, b] = await Promise.all(servers.map((s) => s.url));
    const lead = (name) => ({
      ...withParams({ from_name: name, conversation: "Emma: Hej" }),
      template_id: "template_lead",
    });
    expect((await send(a, lead("Till A"))).status).toBe(200);
    const res = await send(b, lead("Till B"));
    servers[1].child.kill("SIGKILL");
    expect(res.status).toBe(200);

    const store = openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {} });
    const { total, items } = await store.listMessages();
    expect(total).toBe(2);
    expect(items.map((m) => m.from_name).sort()).toEqual(["Till A", "Till B"]);
    expect(items.every((m) => m.kind === "lead")).toBe(true);
    await store.close();
    expect(servers[0].lines.join("\n")).not.toMatch(/UNAVAILABLE|Error/);
  }, 30_000);
});

describe("a full disk", () => {
  let mounted = null;
  afterAll(() => {
    if (mounted) execFileSync("umount", ["-l", mounted]);
  });

  it("answers 507 with one log line while the disk is full, and stores again once there is room", async () => {
    const log = captureLog();
    const dir = join(await tempDir(), "small-disk");
    await mkdir(dir);
    // A real full file system where root may mount one; else SQLite's own page limit, the same error.
    try {
      // Room for the migrations' WAL (about 600 KB) and the reserve; the filler then leaves 100 KB.
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", dir], { stdio: "ignore" });
      mounted = dir;
    } catch {
      mounted = null;
    }
    const store = openStore({ dir, maxBytes: 0, reserveBytes: 160 * 1024 });
    const { app } = inboxApp({ store, rateLimit: { points: 1000 }, emailRateLimit: { points: 1000 } });
    await store.ready();
    const filler = join(dir, "filler");
    if (mounted) {
      // The migrations written back from the WAL, as SQLite's automatic checkpoint does on a running server.
      const { sql } = await import("kysely");
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.db);
      const disk = await statfs(dir);
      await writeFile(filler, Buffer.alloc(disk.bavail * disk.bsize - 100 * 1024));
    } else {
      const { sql } = await import("kysely");
      await sql`pragma max_page_count = 60`.execute(store.db);
    }
    const statuses = [];
    for (let i = 0; i < 60 && !statuses.includes(507); i++) {
      const from_email = i % 2 ? "anna@example.se" : "bo@example.se";
      statuses.push((await postJson(app, { body: bigLead({ from_email }) })).status);
    }
    expect(statuses.at(-1), JSON.stringify({ statuses, mounted })).toBe(507);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect((await postJson(app, { body: bigLead({ conversation: "y".repeat(7900) }) })).status).toBe(507);
    const fullLines = log.lines.filter((l) => l.includes("FULL"));
    expect(fullLines).toEqual([expect.stringMatching(/^inbox: FULL: .*the disk is full \(SQLITE_FULL\)/)]);

    // Issue 43: the documented way out, erasing old messages, works on the full disk itself.
    expect(await store.erasePerson("anna@example.se")).toBeGreaterThan(0);
    expect(await store.deleteOlderThan(new Date(Date.now() + 1000))).toBeGreaterThan(0);
    expect((await postJson(app, { body: withParams({ message: "after" }) })).status).toBe(200);
    expect((await store.listMessages({ text: "after" })).total).toBe(1);
    await store.close();
  }, 30_000);
});

/** Makes a file read-only for this process (root ignores modes: the immutable flag); the undo, or null. */
function makeReadOnly(file) {
  if (process.getuid?.() !== 0) {
    return chmod(file, 0o444).then(() => () => chmod(file, 0o644));
  }
  try {
    execFileSync("chattr", ["+i", file], { stdio: "ignore" });
    return Promise.resolve(async () => execFileSync("chattr", ["-i", file]));
  } catch {
    return Promise.resolve(null);
  }
}

describe("a read-only database file", () => {
  it("answers 503 while the file is read-only, and takes messages once it is writable again, without a restart", async (ctx) => {
    const log = captureLog();
    const dir = await tempDir();
    const first = openStore({ dir, log: () => {} });
    await first.ready();
    await first.close();
    const undo = await makeReadOnly(join(dir, "inbox.db"));
    if (!undo) return missing("a way to make a file read-only for root (chattr on ext2/3/4)", ctx.skip);
    const { app, store } = inboxApp({ dir, quiet: false });
    try {
      expect((await postJson(app)).status).toBe(503);
      expect((await postJson(app)).status).toBe(503);
    } finally {
      await undo();
    }
    expect((await postJson(app, { body: withParams({ message: "writable again" }) })).status).toBe(200);
    expect((await store.listMessages({ text: "writable again" })).total).toBe(1);
    const said = log.lines;
    expect(said.filter((l) => l.startsWith("store: UNAVAILABLE"))).toHaveLength(1);
    expect(said).toContain(`store: ${join(dir, "inbox.db")} answers again; taking messages`);
    await store.close();
  });
});
