// @vitest-environment node
// Two instances starting at once on one empty PostgreSQL database: each migration runs once.
import { spawn } from "node:child_process";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/postgres.mjs";
import { tempDir } from "../../testing/helpers.mjs";
import { openStore } from "./index.mjs";

const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));
const STORE = fileURLToPath(new URL("./index.mjs", import.meta.url));
// Inside the repository (git-ignored), so the copied migrations find their packages.
const SCRATCH = fileURLToPath(new URL("../../../.tmp/", import.meta.url));

// A last migration that counts its runs and takes its time, so the two starts overlap in it.
const COUNTING = `import { sql } from "kysely";
export async function up(db) {
  await sql\`create table if not exists migration_runs (pid integer, at timestamptz default now())\`.execute(db);
  await sql\`insert into migration_runs (pid) values (pg_backend_pid())\`.execute(db);
  await sql\`select pg_sleep(2)\`.execute(db);
}
`;

/** A process that opens the store (as `npm start` does) and waits until it is migrated. */
function startInstance(databaseUrl, migrationFolder, dir) {
  const script = `import { openStore } from ${JSON.stringify(STORE)};
const store = openStore({ databaseUrl: ${JSON.stringify(databaseUrl)}, dir: ${JSON.stringify(dir)},
  migrationFolder: ${JSON.stringify(migrationFolder)}, log: () => {} });
await store.ready();
await store.close();`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr.on("data", (d) => (errors += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, errors })));
}

describe("two instances starting at once", () => {
  let db;
  let folder;
  beforeAll(async () => {
    db = await createTestDatabase("t46m");
    folder = join(SCRATCH, `migrations-${process.pid}-${Date.now()}`);
    await mkdir(folder, { recursive: true });
    await cp(MIGRATIONS, folder, { recursive: true });
    await writeFile(join(folder, "999-count-runs.mjs"), COUNTING);
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
    await db.drop();
  });

  it("run each migration once, and both start", async () => {
    const dir = await tempDir();
    const started = await Promise.all([1, 2].map(() => startInstance(db.url, folder, dir)));
    expect(started).toEqual([
      { code: 0, errors: "" },
      { code: 0, errors: "" },
    ]);
    const store = openStore({ databaseUrl: db.url, dir, migrationFolder: folder, log: () => {} });
    try {
      await store.ready();
      const kysely = /** @type {import("kysely").Kysely<any>} */ (store.db);
      const runs = await sql`select count(*)::int as n from migration_runs`.execute(kysely);
      expect(runs.rows).toEqual([{ n: 1 }]);
      const applied = await sql`select name from kysely_migration order by name`.execute(kysely);
      const names = applied.rows.map((r) => /** @type {any} */ (r).name);
      expect(names).toContain("030-notification-claims");
      expect(names).toContain("999-count-runs");
      expect(new Set(names).size).toBe(names.length);
    } finally {
      await store.close();
    }
  }, 60_000);
});
