// When each periodic job (retention, later reminders) is next due, shared by every instance: the
// one that moves the time on runs it, so several instances waking at once run it once.

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
