// A worker whose lease ran out cannot mark a row another has taken over (decision 053).

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable("notifications").addColumn("lease_token", "text").execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable("notifications").dropColumn("lease_token").execute();
}
