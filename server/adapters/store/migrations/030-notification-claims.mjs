// Who holds a notification's claim: marking it delivered checks the claim, so a worker whose lease
// ran out cannot mark a row another worker has taken over (docs/decisions/053-several-instances.md).

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable("notifications").addColumn("lease_token", "text").execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable("notifications").dropColumn("lease_token").execute();
}
