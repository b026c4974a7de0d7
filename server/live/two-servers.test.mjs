// @vitest-environment node
// The team's page live across two server processes on one PostgreSQL database (decision 072): a lead kept
// by one reaches a salesperson's stream on the other, as do an assignment and who is online; a stop ends streams.
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../routes/admin/password.mjs";
import { FIRST_ACCOUNT_ID } from "../routes/admin/sessions.mjs";
import { tempDir, validMessage } from "../testing/helpers.mjs";
import { createTestDatabase } from "../testing/postgres.mjs";
import { readStream } from "../testing/sse.mjs";

const PASSWORD = "två servrar, en ström";

describe("the team's page live on two servers sharing one PostgreSQL database", () => {
  let db;
  let dir;
  let hash;
  const running = new Set();

  beforeAll(async () => {
    db = await createTestDatabase("t53s");
    dir = await tempDir();
    await mkdir(join(dir, "client", "admin"), { recursive: true });
    await writeFile(join(dir, "client", "admin", "index.html"), "<!doctype html><title>Administration</title>");
    hash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
  });
  afterAll(async () => {
    for (const s of running) s.kill("SIGKILL");
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
      stop: () => {
        running.delete(child);
        child.kill("SIGTERM");
        return exited;
      },
    };
  }

  const request = (server, path, { method = "GET", body, cookie } = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin: server.url,
        "sec-fetch-site": "same-origin",
        ...(body ? { "content-type": "application/json" } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });

  it("a lead on A and its assignment on A reach B's stream within 1 s; presence shows; a stop ends streams", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const login = await request(a, "/api/admin/login", { method: "POST", body: { password: PASSWORD } });
    const cookie = /^(__Host-admin_session=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
    expect(cookie).toBeTruthy();
    expect((await request(b, "/api/admin/live")).status).toBe(401);

    const res = await request(b, "/api/admin/live", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const onB = readStream(res);
    await onB.until(() => onB.events.some((e) => e.kind === "presence" && e.data.online.includes(FIRST_ACCOUNT_ID)));

    const sent = performance.now();
    expect((await request(a, "/api/v1.0/email/send", { method: "POST", body: validMessage })).status).toBe(200);
    await onB.until(() => onB.kept("message.added").length === 1, 1000, "the lead kept on A, on B");
    const added = onB.kept("message.added")[0];
    expect(added.at - sent).toBeLessThan(1000);
    const id = added.data.message;
    expect((await (await request(b, `/api/admin/messages/${id}`, { cookie })).json()).from_name).toBe("Anna");

    const assigned = await request(a, `/api/admin/messages/${id}/owner`, {
      method: "POST",
      body: { ownerId: FIRST_ACCOUNT_ID },
      cookie,
    });
    expect(assigned.status).toBe(200);
    await onB.until(() => onB.kept("message.changed").some((e) => e.data.message === id), 1000, "the assignment");
    expect(onB.raw).not.toContain("Anna");

    // A second stream on A sees the first account online (its page open on B).
    const onA = readStream(await request(a, "/api/admin/live", { cookie }));
    await onA.until(() => onA.events.some((e) => e.kind === "presence" && e.data.online.includes(FIRST_ACCOUNT_ID)));
    const stopping = performance.now();
    await a.stop();
    await onA.until(() => onA.ended, 5000, "A's stream ended by its stop");
    expect(performance.now() - stopping).toBeLessThan(10_000);
    onB.close();
    await b.stop();
  }, 60_000);
});
