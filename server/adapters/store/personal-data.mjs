// A person's data for the right of access, and deletion by person or by age, also on a full disk (decision 035).
import { sql } from "kysely";
import { classifyError, inTransaction } from "./engines.mjs";
import { emailKey, eventItem, isoTime, messageItem, notificationItem } from "./records.mjs";
import { notificationsOf } from "./queue.mjs";

/** Messages deleted per transaction on a full disk. */
const DELETE_BATCH = 100;

/** The export's and the deletions' methods. @param {ReturnType<typeof import("./connection.mjs").openConnection>} connection */
export function createPersonalData(connection) {
  const { run, keepReserve } = connection;

  /** Deletes messages and their notifications; on a full disk, with the reserve's space. */
  async function deleteWhere(db, filter) {
    try {
      const deleted = await inTransaction(db, async (trx) => {
        const ids = filter(trx.selectFrom("messages").select("id"));
        await trx.deleteFrom("notifications").where("message_id", "in", ids).execute();
        await trx.deleteFrom("message_events").where("message_id", "in", ids).execute();
        const result = await filter(trx.deleteFrom("messages")).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
      await keepReserve();
      return deleted;
    } catch (error) {
      if (classifyError(error) !== "full") throw error;
      const sqlite = await connection.spendReserve();
      if (!sqlite) throw error;
      // In batches, each written back from the WAL before the next, so the WAL never needs more.
      const checkpoint = () => {
        try {
          sqlite.checkpoint();
        } catch {
          // What stays in the WAL is written back at a later checkpoint.
        }
      };
      checkpoint();
      let deleted = 0;
      for (let batch = DELETE_BATCH; batch === DELETE_BATCH; deleted += batch) {
        batch = await inTransaction(db, async (trx) => {
          const rows = await filter(trx.selectFrom("messages").select("id")).limit(DELETE_BATCH).execute();
          const ids = rows.map((r) => r.id);
          if (ids.length === 0) return 0;
          await trx.deleteFrom("notifications").where("message_id", "in", ids).execute();
          await trx.deleteFrom("message_events").where("message_id", "in", ids).execute();
          await trx.deleteFrom("messages").where("id", "in", ids).execute();
          return ids.length;
        });
        checkpoint();
      }
      await keepReserve();
      return deleted;
    }
  }

  /** A full disk must not stop the messages' deletion, which can spend the reserve. */
  const spared = (query) =>
    query.execute().catch((error) => {
      if (classifyError(error) !== "full") throw error;
    });

  return {
    /** Everything kept about a person (the right of access), oldest first. @param {string} email */
    exportPerson(email) {
      return run(async (db) => {
        const rows = await db
          .selectFrom("messages")
          .selectAll()
          .where("email_key", "=", emailKey(email))
          .orderBy("received_at")
          .execute();
        const byMessage = await notificationsOf(
          db,
          rows.map((r) => r.id),
        );
        const events =
          rows.length === 0
            ? []
            : await db
                .selectFrom("message_events")
                .selectAll()
                .where(
                  "message_id",
                  "in",
                  rows.map((r) => r.id),
                )
                .orderBy("at")
                .execute();
        return rows.map((r) => ({
          ...messageItem(r, byMessage.get(r.id)),
          notifications: (byMessage.get(r.id) ?? []).map(notificationItem),
          history: events.filter((e) => e.message_id === r.id).map(eventItem),
        }));
      });
    },

    /** Deletes every message from a person (the right to erasure); how many. @param {string} email */
    erasePerson(email) {
      const key = emailKey(email);
      if (key === "") return Promise.resolve(0);
      return run(async (db) => {
        // A takeover's conversation goes with its lead, and with the address the visitor gave (decision 074).
        await spared(
          db
            .deleteFrom("conversations")
            .where((eb) =>
              eb.or([
                eb(sql`lower(trim(visitor_email))`, "=", key),
                eb("message_id", "in", eb.selectFrom("messages").select("id").where("email_key", "=", key)),
              ]),
            ),
        );
        return deleteWhere(db, (q) => q.where("email_key", "=", key));
      });
    },

    /** Deletes messages received before `date` (retention); how many. @param {Date} date */
    deleteOlderThan(date) {
      const cutoff = isoTime(date);
      if (!cutoff) throw new TypeError("deleteOlderThan needs a valid date");
      return run(async (db) => {
        await spared(db.deleteFrom("conversations").where("created_at", "<", cutoff));
        return deleteWhere(db, (q) => q.where("received_at", "<", cutoff));
      });
    },
  };
}
