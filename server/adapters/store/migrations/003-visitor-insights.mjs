// What visitors ask (issue 30): counts per day, page and counter, and the questions Emma could not answer.

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable("visitor_counts")
    .ifNotExists()
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("counter", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("visitor_counts_pk", ["day", "page", "counter"])
    .execute();
  await db.schema
    .createTable("unanswered_questions")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("group_key", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("asked_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("unanswered_questions_asked")
    .ifNotExists()
    .on("unanswered_questions")
    .column("asked_at")
    .execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("unanswered_questions").ifExists().execute();
  await db.schema.dropTable("visitor_counts").ifExists().execute();
}
