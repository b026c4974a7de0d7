// @vitest-environment node
// Two instances starting at once on one empty PostgreSQL database: each migration runs once. And a
// migration that rewrites rows (041), on rows as the store kept them before it.
import { spawn } from "node:child_process";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
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

// A message as the store kept it before migration 041: its sender's fields in columns and in the params.
const OLD_ROW = {
  id: "m-1",
  kind: "get-started",
  template: "template_get_started",
  received_at: "2026-11-20T10:00:00.000Z",
  name: "Åsa Öberg",
  email: "asa@example.se",
  email_key: "asa@example.se",
  phone: null,
  company: "Öberg AB",
  service: "Automation",
  page: "/kom-igang",
  subject: "Ny förfrågan för Automation",
  params: JSON.stringify({
    to_email: "salj@nordlysai.se",
    from_name: " Åsa Öberg",
    from_email: "asa@example.se",
    company: "Öberg AB",
    phone: "",
    selected_service: "Automation",
    message: "Ring mig",
    subject: "Ny förfrågan för Automation",
  }),
  search: "åsa öberg\nasa@example.se\nöberg ab\nautomation\nny förfrågan för automation\nring mig",
};

describe.each([
  { engine: "sqlite", setup: async () => ({ url: undefined, drop: async () => {} }) },
  { engine: "postgres", setup: () => createTestDatabase("t66m") },
])("migration 041 on $engine", ({ setup }) => {
  let db;
  let before;
  beforeAll(async () => {
    db = await setup();
    before = join(SCRATCH, `migrations-033-${process.pid}-${Date.now()}`);
    await mkdir(before, { recursive: true });
    // The store as it was before 041: without it and every migration after it.
    await cp(MIGRATIONS, before, { recursive: true, filter: (f) => !(basename(f) >= "041" && f.endsWith(".mjs")) });
  });
  afterAll(async () => {
    await rm(before, { recursive: true, force: true });
    await db.drop();
  });

  it("renames the sender's columns to the payload's names and keeps each value once, the payload whole", async () => {
    const dir = await tempDir();
    const old = openStore({ databaseUrl: db.url, dir, migrationFolder: before, log: () => {} });
    await old.ready();
    await /** @type {import("kysely").Kysely<any>} */ (old.db).insertInto("messages").values(OLD_ROW).execute();
    await old.close();

    const store = openStore({ databaseUrl: db.url, dir, log: () => {} });
    try {
      await store.ready();
      const kysely = /** @type {import("kysely").Kysely<any>} */ (store.db);
      const row = await kysely.selectFrom("messages").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        from_name: " Åsa Öberg",
        from_email: "asa@example.se",
        selected_service: "Automation",
      });
      expect(row).not.toHaveProperty("name");
      expect(JSON.parse(row.params)).toEqual({ to_email: "salj@nordlysai.se", message: "Ring mig" });
      const item = await store.getMessage("m-1");
      expect(JSON.stringify(item?.params)).toBe(OLD_ROW.params);
      expect(item).toMatchObject({
        from_name: "Åsa Öberg",
        company: "Öberg AB",
        phone: null,
        selected_service: "Automation",
      });
      expect((await store.listMessages({ text: "ring mig" })).total).toBe(1);
      expect((await store.exportPerson("ASA@example.se")).map((m) => m.params)).toEqual([JSON.parse(OLD_ROW.params)]);
      expect(await store.erasePerson("asa@example.se")).toBe(1);
    } finally {
      await store.close();
    }
  }, 30_000);
});
