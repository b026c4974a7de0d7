// The live events' log (decision 072): appended in id order, read from an id, pruned by age. On PostgreSQL a
// row's NOTIFY goes out in its insert's transaction, so every instance hears it once it is committed.
import { sql } from "kysely";
import { inTransaction } from "./engines.mjs";

export const LIVE_CHANNEL = "live_events";
/** A payload names things by id and kind; the cap keeps a NOTIFY far under PostgreSQL's 8,000 bytes. */
export const MAX_EVENT_DATA = 1024;
/** More missed events than this and a page reloads what it shows instead. */
export const MAX_CATCH_UP = 1000;
const ORDER_LOCK = 72_053;

/** @param {ReturnType<typeof import("./connection.mjs").openConnection>} connection @param {{ now: () => Date }} options */
export function createLiveEvents(connection, { now }) {
  const { run } = connection;
  const onPostgres = () => connection.engine?.engine === "postgres";
  const itemOf = (row) => ({ id: Number(row.id), kind: row.kind, data: JSON.parse(row.data), at: row.at });

  return {
    /** Stored with the next id; on PostgreSQL also told to every listener. @param {string} kind @param {object} [data] */
    appendEvent(kind, data = {}) {
      const text = JSON.stringify(data);
      if (text.length > MAX_EVENT_DATA) throw new RangeError(`A live event's data is over ${MAX_EVENT_DATA} bytes`);
      const at = now().toISOString();
      return run(async (db) => {
        const insert = async (conn) => {
          const row = await conn
            .insertInto("live_events")
            .values({ kind, data: text, at })
            .returning("id")
            .executeTakeFirstOrThrow();
          return { id: Number(row.id), kind, data, at };
        };
        if (!onPostgres()) return insert(db);
        return inTransaction(db, async (trx) => {
          // Ids commit in the order they are taken, so a reader past id N never later meets a smaller one.
          await sql`select pg_advisory_xact_lock(${ORDER_LOCK})`.execute(trx);
          const event = await insert(trx);
          await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`.execute(trx);
          return event;
        });
      });
    },

    /** The events after `afterId`, oldest first; `stale` when some were pruned or too many to catch up on.
     * @param {number} afterId @param {number} [limit] */
    eventsAfter(afterId, limit = MAX_CATCH_UP) {
      return run(async (db) => {
        const first = await db
          .selectFrom("live_events")
          .select((eb) => eb.fn.min("id").as("id"))
          .executeTakeFirst();
        const oldest = first?.id == null ? null : Number(first.id);
        if (oldest !== null && afterId < oldest - 1) return { events: [], stale: true };
        const rows = await db
          .selectFrom("live_events")
          .selectAll()
          .where("id", ">", afterId)
          .orderBy("id")
          .limit(limit + 1)
          .execute();
        if (rows.length > limit) return { events: [], stale: true };
        return { events: rows.map(itemOf), stale: false };
      });
    },

    lastEventId() {
      return run(async (db) => {
        const row = await db
          .selectFrom("live_events")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst();
        return row?.id == null ? 0 : Number(row.id);
      });
    },

    /** Deletes the events up to the newest stamped before `before`, always keeping the newest. */
    pruneEvents(/** @type {Date} */ before) {
      return run(async (db) => {
        const newest = await db
          .selectFrom("live_events")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst();
        if (newest?.id == null) return 0;
        // By id, not by stamp: instances' clocks differ, and the log must stay a run of ids without holes.
        const cut = await db
          .selectFrom("live_events")
          .select((eb) => eb.fn.max("id").as("id"))
          .where("at", "<", before.toISOString())
          .executeTakeFirst();
        if (cut?.id == null) return 0;
        const result = await db
          .deleteFrom("live_events")
          .where("id", "<=", cut.id)
          .where("id", "<", newest.id)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    /** A message to every instance that is not kept (presence); PostgreSQL only. @param {object} message */
    notifyLive(message) {
      return run((db) => sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`.execute(db));
    },
  };
}
