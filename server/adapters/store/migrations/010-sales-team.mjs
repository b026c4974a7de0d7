// The sales team's inbox (issue 44, decision 040): accounts, sessions, each action on a message, an owner,
// a reply's mail in the outbox, and Emma's conversations in the search text.

const SEARCH_BATCH = 200;

/** What `listMessages({ text })` matches, as records.mjs's searchText at the time of this migration. */
const searchOf = (row, params) =>
  [
    row.name,
    row.email,
    row.company,
    row.phone,
    row.service,
    row.subject,
    params.message,
    params.conversation,
    row.note,
    row.call_summary,
  ]
    .filter(Boolean)
    .join("\n")
    .toLowerCase();

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable("admin_accounts")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_key", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("setup_token_hash", "text")
    .addColumn("setup_expires_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .ifNotExists()
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("credential", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("since", "text")
    .execute();
  await db.schema
    .createIndex("admin_sessions_account")
    .ifNotExists()
    .on("admin_sessions")
    .column("account_id")
    .execute();

  await db.schema
    .createTable("message_events")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .execute();
  await db.schema
    .createIndex("message_events_message")
    .ifNotExists()
    .on("message_events")
    .column("message_id")
    .execute();

  await db.schema.alterTable("messages").addColumn("owner_id", "text").execute();
  await db.schema.alterTable("messages").addColumn("owner_name", "text").execute();
  await db.schema.alterTable("notifications").addColumn("payload", "text").execute();

  // Search now reaches Emma's conversations: the rows kept before are given the new text.
  for (let after = ""; ;) {
    const rows = await db
      .selectFrom("messages")
      .select(["id", "name", "email", "company", "phone", "service", "subject", "params", "note", "call_summary"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(SEARCH_BATCH)
      .execute();
    for (const row of rows) {
      const search = searchOf(row, JSON.parse(row.params));
      await db.updateTable("messages").set({ search }).where("id", "=", row.id).execute();
    }
    if (rows.length < SEARCH_BATCH) break;
    after = rows[rows.length - 1].id;
  }
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable("notifications").dropColumn("payload").execute();
  await db.schema.alterTable("messages").dropColumn("owner_name").execute();
  await db.schema.alterTable("messages").dropColumn("owner_id").execute();
  await db.schema.dropTable("message_events").ifExists().execute();
  await db.schema.dropTable("admin_sessions").ifExists().execute();
  await db.schema.dropTable("admin_accounts").ifExists().execute();
}
