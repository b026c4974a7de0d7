// Who decided a booking held for the team's approval and when, and the index the surge's count reads (decision 062).

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable("meetings").addColumn("decided_at", "text").execute();
  await db.schema.alterTable("meetings").addColumn("decided_by", "text").execute();
  await db.schema.createIndex("meetings_booked_at").ifNotExists().on("meetings").column("booked_at").execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex("meetings_booked_at").ifExists().execute();
  await db.schema.alterTable("meetings").dropColumn("decided_by").execute();
  await db.schema.alterTable("meetings").dropColumn("decided_at").execute();
}
