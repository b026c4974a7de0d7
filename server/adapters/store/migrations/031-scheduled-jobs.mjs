// Each periodic job's next run: of instances waking at once, the one that moves it on runs the job (decision 053).

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable("scheduled_jobs")
    .ifNotExists()
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("next_run_at", "text", (c) => c.notNull())
    .execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("scheduled_jobs").ifExists().execute();
}
