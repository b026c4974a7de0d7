// Messages and the store's bookkeeping; text and integer columns only, so one migration serves both engines.

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable("messages")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("template", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("email", "text")
    .addColumn("email_key", "text")
    .addColumn("phone", "text")
    .addColumn("company", "text")
    .addColumn("service", "text")
    .addColumn("page", "text")
    .addColumn("subject", "text")
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("suspected_spam", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("no_js", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("note", "text")
    .addColumn("call_id", "text")
    .addColumn("call_summary", "text")
    .addColumn("search", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("messages_received_at").ifNotExists().on("messages").column("received_at").execute();
  await db.schema.createIndex("messages_email_key").ifNotExists().on("messages").column("email_key").execute();
  await db.schema.createIndex("messages_call_id").ifNotExists().on("messages").column("call_id").execute();

  await db.schema
    .createTable("store_meta")
    .ifNotExists()
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("store_meta").ifExists().execute();
  await db.schema.dropTable("messages").ifExists().execute();
}
