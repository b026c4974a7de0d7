// The spec's payload names on the sender's columns, and each value kept once: a column no longer has its copy in
// the params (decision 066). A param that differs from its column (a call's own field) stays where it is.

const BATCH = 200;
const RENAMED = { name: "from_name", email: "from_email", service: "selected_service" };
const COLUMNS = ["from_name", "from_email", "phone", "company", "selected_service", "subject"];

// A frozen copy of records.mjs's rule at the time: what a column held of its param.
const trimmed = (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** Every message in batches by id, each changed by `change(row, params)` into the columns to set. */
async function eachMessage(db, change) {
  for (let after = ""; ;) {
    const rows = await db
      .selectFrom("messages")
      .select(["id", "params", ...COLUMNS])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const set = change(row, JSON.parse(row.params));
      if (set) await db.updateTable("messages").set(set).where("id", "=", row.id).execute();
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }
}

/** @param {import("kysely").Kysely<any>} db */
export async function up(db) {
  for (const [from, to] of Object.entries(RENAMED))
    await db.schema.alterTable("messages").renameColumn(from, to).execute();
  await eachMessage(db, (row, params) => {
    const set = {};
    for (const name of COLUMNS) {
      const value = params[name];
      if (!Object.hasOwn(params, name) || typeof value !== "string" || trimmed(value) !== row[name]) continue;
      set[name] = value;
      delete params[name];
    }
    return Object.keys(set).length ? { ...set, params: JSON.stringify(params) } : null;
  });
}

/** @param {import("kysely").Kysely<any>} db */
export async function down(db) {
  await eachMessage(db, (row, params) => {
    const set = {};
    for (const name of COLUMNS) {
      if (typeof row[name] !== "string" || Object.hasOwn(params, name)) continue;
      params[name] = row[name];
      set[name] = trimmed(row[name]);
    }
    return Object.keys(set).length ? { ...set, params: JSON.stringify(params) } : null;
  });
  for (const [from, to] of Object.entries(RENAMED))
    await db.schema.alterTable("messages").renameColumn(to, from).execute();
}
