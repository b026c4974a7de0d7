// Vapi sends a tool-calls message again: the tool call's id keeps each contact call one lead (issue 43).

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable("messages").addColumn("tool_call_id", "text").execute();
  await db.schema.createIndex("messages_tool_call_id").unique().on("messages").column("tool_call_id").execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex("messages_tool_call_id").ifExists().execute();
  await db.schema.alterTable("messages").dropColumn("tool_call_id").execute();
}
