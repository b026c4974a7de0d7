// The live takeover (decision 074): a conversation a salesperson may take from Emma, its lines in order (the round
// robin's pointer is a row of store_meta).

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  // One commit on SQLite (PostgreSQL's migrator has one already): the WAL holds each page once.
  if (!db.isTransaction) return db.transaction().execute((trx) => up(trx));
  await db.schema
    .createTable("conversations")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("holder_id", "text")
    .addColumn("holder_name", "text")
    .addColumn("offered_to", "text")
    .addColumn("asked_at", "text", (c) => c.notNull())
    .addColumn("active_at", "text", (c) => c.notNull())
    .addColumn("taken_at", "text")
    .addColumn("ended_at", "text")
    .addColumn("page", "text")
    .addColumn("message_id", "text")
    .addColumn("visitor_name", "text")
    .addColumn("visitor_email", "text")
    .addColumn("lines", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("conversations_state")
    .ifNotExists()
    .on("conversations")
    .columns(["state", "asked_at"])
    .execute();
  await db.schema
    .createTable("conversation_lines")
    .ifNotExists()
    .addColumn("conversation_id", "text", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("conversation_lines_pk", ["conversation_id", "seq"])
    .execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("conversation_lines").ifExists().execute();
  await db.schema.dropTable("conversations").ifExists().execute();
}
