// @vitest-environment node
// Sessions in the store (issue 46): two server processes on one PostgreSQL database, as two
// instances behind a load balancer, and a restart of one of them.
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../testing/helpers.mjs";
import { createTestDatabase } from "../../testing/postgres.mjs";
import { hashPassword } from "./password.mjs";

const PASSWORD = "två servrar, en databas";

describe("a salesperson's session on two servers sharing one PostgreSQL database", () => {
  let db;
  let dir;
  let hash;
  const running = new Set();

  beforeAll(async () => {
    db = await createTestDatabase("t44s");
    dir = await tempDir();
    // A build of one page: the admin shell the servers answer /admin with.
    await mkdir(join(dir, "client", "admin"), { recursive: true });
    await writeFile(join(dir, "client", "admin", "index.html"), "<!doctype html><title>Administration</title>");
    hash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
  });
  afterAll(async () => {
    for (const s of running) s.kill("SIGKILL");
    await db.drop();
  });

  /** `npm start`'s server on the shared database: its URL and a stop that waits for the exit. */
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
    return {
      url,
      stop: () =>
        new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGTERM");
          running.delete(child);
        }),
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

  it("logs in on A, reads on B; logs out on B and A refuses; a restart of A keeps a session", async () => {
    let a = await start();
    const b = await start();
    expect((await fetch(`${a.url}/admin`)).status).toBe(200);

    const login = await request(a, "/api/admin/login", { method: "POST", body: { password: PASSWORD } });
    expect(login.status).toBe(204);
    const cookie = /^(__Host-admin_session=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
    expect(cookie).toBeTruthy();
    expect((await request(b, "/api/admin/messages", { cookie })).status).toBe(200);

    expect((await request(b, "/api/admin/logout", { method: "POST", body: {}, cookie })).status).toBe(204);
    expect((await request(a, "/api/admin/messages", { cookie })).status).toBe(401);

    const again = await request(b, "/api/admin/login", { method: "POST", body: { password: PASSWORD } });
    const second = /^(__Host-admin_session=[^;]+)/.exec(again.headers.get("set-cookie") ?? "")?.[1];
    expect((await request(a, "/api/admin/session", { cookie: second })).status).toBe(200);
    await a.stop();
    a = await start();
    expect((await request(a, "/api/admin/session", { cookie: second })).status).toBe(200);
    expect((await request(b, "/api/admin/session", { cookie: second })).status).toBe(200);
    await a.stop();
    await b.stop();
  }, 60_000);
});
