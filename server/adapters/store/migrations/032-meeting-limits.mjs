// A booking's mailbox (its e-mail less case and "+tags") and the indexes issue 51's limits count by (decision 061).

// A frozen copy of server/lib/mailbox.mjs as it was: a migration imports nothing that may change.
const mailboxKey = (/** @type {string} */ email) => {
  const address = String(email).trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const local = address.slice(0, at).replace(/\+.*$/, "");
  return `${local || address.slice(0, at)}@${address.slice(at + 1)}`;
};

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable("meetings").addColumn("mailbox_key", "text").execute();
  const rows = await db.selectFrom("meetings").select(["id", "email_key"]).where("email_key", "is not", null).execute();
  for (const row of rows)
    await db
      .updateTable("meetings")
      .set({ mailbox_key: mailboxKey(row.email_key) })
      .where("id", "=", row.id)
      .execute();
  await db.schema.createIndex("meetings_mailbox").ifNotExists().on("meetings").column("mailbox_key").execute();
  await db.schema.createIndex("meetings_address").ifNotExists().on("meetings").column("address_key").execute();
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex("meetings_address").ifExists().execute();
  await db.schema.dropIndex("meetings_mailbox").ifExists().execute();
  await db.schema.alterTable("meetings").dropColumn("mailbox_key").execute();
}
