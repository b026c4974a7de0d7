// The team's hold on new bookings (decision 062): their choice, in the store so every instance reads the same,
// the count a surge is measured by, and one notice a window, claimed like a job so two instances send it once.

const SETTING = "booking-approval";
const SURGE_NOTICE = "booking-surge-notice";

/** Null while nobody has chosen: the env's default applies. @param {import("kysely").Kysely<any> | import("kysely").Transaction<any>} db
 * @returns {Promise<{ mode: string, by: string | null, at: string | null } | null>} */
export async function approvalSetting(db) {
  const row = await db.selectFrom("store_meta").select("value").where("key", "=", SETTING).executeTakeFirst();
  if (!row) return null;
  try {
    const { mode, by = null, at = null } = JSON.parse(row.value);
    return typeof mode === "string" ? { mode, by, at } : null;
  } catch {
    return null;
  }
}

/** @param {import("kysely").Kysely<any>} db @param {{ mode: string, by: string | null, at: string }} setting */
export async function saveApprovalSetting(db, setting) {
  const value = JSON.stringify(setting);
  await db
    .insertInto("store_meta")
    .values({ key: SETTING, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** Pending, declined and cancelled ones too: a sweep counts as it arrives.
 * @param {import("kysely").Kysely<any> | import("kysely").Transaction<any>} db @param {string} since ISO */
export async function bookingsSince(db, since) {
  const row = await db
    .selectFrom("meetings")
    .select((eb) => [eb.fn.countAll().as("n"), eb.fn.min("booked_at").as("first")])
    .where("booked_at", ">", since)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), first: /** @type {string | null} */ (row?.first ?? null) };
}

/** True once, then false until `windowMs` after. @param {import("kysely").Transaction<any>} trx @param {string} at ISO @param {number} windowMs */
export async function claimSurgeNotice(trx, at, windowMs) {
  await trx
    .insertInto("scheduled_jobs")
    .values({ name: SURGE_NOTICE, next_run_at: at })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const result = await trx
    .updateTable("scheduled_jobs")
    .set({ next_run_at: new Date(Date.parse(at) + windowMs).toISOString() })
    .where("name", "=", SURGE_NOTICE)
    .where("next_run_at", "<=", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
