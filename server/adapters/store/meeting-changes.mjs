// Cancel, move, approve and decline: each queues its mails and calendar writes in its own transaction.
import { inTransaction } from "./engines.mjs";
import { addEffects, claim, meetingItem, meetingRow, Refused } from "./meeting-rows.mjs";

/** @typedef {import("./meeting-rows.mjs").Meeting} Meeting @typedef {import("./meeting-rows.mjs").Effect} Effect */

/** @param {ReturnType<typeof import("./index.mjs").openStore>} store @param {{ now: () => Date }} options */
export function createMeetingChanges(store, { now }) {
  return {
    /** The visitor's or the team's cancel: the slot is freed, the sequence up, `effects` queued; a cancelled one stays.
     * @param {string} id @param {{ note?: string | null, effects: (meeting: Meeting) => Effect[] }} change */
    cancel(id, { note = null, effects }) {
      const at = now().toISOString();
      return store.run((db) =>
        inTransaction(db, async (trx) => {
          const updated = await trx
            .updateTable("meetings")
            .set((eb) => ({
              state: "cancelled",
              sequence: eb("sequence", "+", 1),
              cancelled_at: at,
              cancel_note: note,
            }))
            .where("id", "=", id)
            .where("state", "=", "booked")
            .executeTakeFirst();
          const row = await meetingRow(trx, id);
          if (!row) return null;
          if (Number(updated.numUpdatedRows) === 1) {
            await trx.deleteFrom("slot_claims").where("meeting_id", "=", id).execute();
            await addEffects(trx, row.message_id, effects(meetingItem(row)), at);
          }
          return meetingItem(row);
        }),
      );
    },

    /** "moved", with the sequence up and `effects` (the new invitation) queued, or "taken": the new slot is another's.
     * @param {string} id @param {{ start: Date, end: Date, effects: (meeting: Meeting, before: Meeting) => Effect[] }} change */
    move(id, { start, end, effects }) {
      const at = now().toISOString();
      return store.run(async (db) => {
        try {
          return await inTransaction(db, async (trx) => {
            const before = await meetingRow(trx, id);
            if (!before || before.state !== "booked") throw new Refused("gone");
            if (before.slot_start === start.toISOString()) return { status: "moved", meeting: meetingItem(before) };
            const mine = await claim(trx, { start: start.toISOString(), meetingId: id, heldUntil: null, at });
            if (!mine) throw new Refused("taken");
            await trx
              .deleteFrom("slot_claims")
              .where("meeting_id", "=", id)
              .where("slot_start", "=", before.slot_start)
              .execute();
            await trx
              .updateTable("meetings")
              .set((eb) => ({
                slot_start: start.toISOString(),
                slot_end: end.toISOString(),
                sequence: eb("sequence", "+", 1),
              }))
              .where("id", "=", id)
              .execute();
            const meeting = meetingItem(/** @type {any} */ (await meetingRow(trx, id)));
            await addEffects(trx, before.message_id, effects(meeting, meetingItem(before)), at);
            return { status: "moved", meeting };
          });
        } catch (error) {
          if (error instanceof Refused) return { status: error.status };
          throw error;
        }
      });
    },

    /** "approved", its `effects` queued (invitation, reminder, calendar event), or "gone": no longer pending, or past.
     * @param {string} id @param {{ by: string, effects: (meeting: Meeting) => Effect[] }} decision */
    approve(id, { by, effects }) {
      const at = now().toISOString();
      return store.run((db) =>
        inTransaction(db, async (trx) => {
          const updated = await trx
            .updateTable("meetings")
            .set({ state: "booked", decided_at: at, decided_by: by })
            .where("id", "=", id)
            .where("state", "=", "pending")
            .where("slot_start", ">", at)
            .executeTakeFirst();
          const row = await meetingRow(trx, id);
          if (!row) return { status: /** @type {const} */ ("unknown") };
          if (Number(updated.numUpdatedRows) !== 1) return { status: /** @type {const} */ ("gone") };
          const meeting = meetingItem(row);
          await addEffects(trx, row.message_id, effects(meeting), at);
          return { status: /** @type {const} */ ("approved"), meeting };
        }),
      );
    },

    /** Frees the slot and mails no one: the address may be a stranger's (062). @param {string} id @param {{ by: string }} decision */
    decline(id, { by }) {
      const at = now().toISOString();
      return store.run((db) =>
        inTransaction(db, async (trx) => {
          const updated = await trx
            .updateTable("meetings")
            .set((eb) => ({ state: "declined", sequence: eb("sequence", "+", 1), decided_at: at, decided_by: by }))
            .where("id", "=", id)
            .where("state", "=", "pending")
            .executeTakeFirst();
          const row = await meetingRow(trx, id);
          if (!row) return { status: /** @type {const} */ ("unknown") };
          if (Number(updated.numUpdatedRows) !== 1) return { status: /** @type {const} */ ("gone") };
          await trx.deleteFrom("slot_claims").where("meeting_id", "=", id).execute();
          return { status: /** @type {const} */ ("declined"), meeting: meetingItem(row) };
        }),
      );
    },
  };
}
