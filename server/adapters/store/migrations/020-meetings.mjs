// The free meeting's holds and bookings, and one claim per slot start, taken atomically (decision 047).

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable("meetings")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("uid", "text", (c) => c.notNull().unique())
    .addColumn("slot_start", "text", (c) => c.notNull())
    .addColumn("slot_end", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("hold_until", "text")
    .addColumn("hold_key", "text", (c) => c.unique())
    .addColumn("address_key", "text")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("video"))
    .addColumn("source", "text")
    .addColumn("message_id", "text", (c) => c.references("messages.id").onDelete("cascade"))
    .addColumn("email_key", "text")
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("no_show", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cancel_note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("booked_at", "text")
    .addColumn("cancelled_at", "text")
    .execute();
  await db.schema.createIndex("meetings_slot_start").ifNotExists().on("meetings").column("slot_start").execute();
  await db.schema.createIndex("meetings_message").ifNotExists().on("meetings").column("message_id").execute();

  await db.schema
    .createTable("slot_claims")
    .ifNotExists()
    .addColumn("slot_start", "text", (c) => c.primaryKey())
    .addColumn("meeting_id", "text", (c) => c.notNull().references("meetings.id").onDelete("cascade"))
    // A hold's end; null once booked.
    .addColumn("held_until", "text")
    .execute();
  await db.schema.createIndex("slot_claims_meeting").ifNotExists().on("slot_claims").column("meeting_id").execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("slot_claims").ifExists().execute();
  await db.schema.dropTable("meetings").ifExists().execute();
}
