// The live events (decision 072): a monotonic id a page resumes from, a kind and a small JSON payload.
import { PostgresAdapter } from "kysely";

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("live_events")
    .ifNotExists()
    .addColumn("id", postgres ? "bigserial" : "integer", (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("live_events").ifExists().execute();
}
