// The outbox: one row per message and channel, written in the message's own transaction (decision 022).

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable("notifications")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("state", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema
    .createIndex("notifications_due")
    .ifNotExists()
    .on("notifications")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("notifications_message").ifNotExists().on("notifications").column("message_id").execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("notifications").ifExists().execute();
}
