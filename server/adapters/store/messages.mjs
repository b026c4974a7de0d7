// The messages, written under INBOX_MAX_BYTES with their notifications in one transaction, read and changed by the team.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { classifyError, inTransaction } from "./engines.mjs";
import { containsPattern, messageItem, messageRow, searchText, SENDER_FIELDS, STATES } from "./records.mjs";
import { reason } from "./connection.mjs";
import { notificationRows, notificationsOf } from "./queue.mjs";

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function itemsOf(db, rows) {
  const byMessage = await notificationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => messageItem(r, byMessage.get(r.id)));
}

/** The messages' methods of the store. @param {ReturnType<typeof import("./connection.mjs").openConnection>} connection
 * @param {{ log: (line: string) => void, maxBytes: number, notificationChannels: string[],
 *   changed?: (kind: string, data: object) => void }} options */
export function createMessages(connection, { log, maxBytes, notificationChannels, changed = () => {} }) {
  const { run, where } = connection;
  let full = false;

  function noteFull(why) {
    if (!full) log(`inbox: FULL: ${why}; new messages are refused until space is made`);
    full = true;
    return { id: null, status: /** @type {const} */ ("full") };
  }

  return {
    /** With its notifications in one transaction; "duplicate": its toolCallId is kept already. @param {Parameters<typeof messageRow>[0]} record
     * @param {{ channels?: string[] }} [options] @returns {Promise<{ id: string | null, status: "stored" | "full" | "duplicate" }>} */
    addMessage(record, { channels = notificationChannels } = {}) {
      const id = randomUUID();
      const row = messageRow(record, id);
      return run(async (db) => {
        if (maxBytes) {
          const size = await /** @type {any} */ (connection.engine).sizeBytes();
          const added = SENDER_FIELDS.reduce((n, f) => n + (row[f]?.length ?? 0), row.params.length);
          if (size + added > maxBytes) {
            return noteFull(
              `${where} holds ${megabytes(size)} and the cap is ${megabytes(maxBytes)} (INBOX_MAX_BYTES)`,
            );
          }
        }
        try {
          await inTransaction(db, async (trx) => {
            await trx.insertInto("messages").values(row).execute();
            if (channels.length > 0) {
              await trx
                .insertInto("notifications")
                .values(notificationRows(id, channels, row.received_at))
                .execute();
            }
          });
        } catch (error) {
          const kind = classifyError(error);
          if (kind === "full") return noteFull(`${where}: the disk is full (${reason(error)})`);
          if (kind === "duplicate" && row.tool_call_id) return { id: null, status: /** @type {const} */ ("duplicate") };
          throw error;
        }
        if (full) log("inbox: space again; taking messages");
        full = false;
        changed("message.added", { message: id });
        return { id, status: /** @type {const} */ ("stored") };
      });
    },

    /** @param {string} id */
    getMessage(id) {
      return run(async (db) => {
        const row = await db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
        return row ? (await itemsOf(db, [row]))[0] : null;
      });
    },

    /** Newest first (`order: "asc"`: oldest first), with the total that matches. @param {{ kind?: string, state?: string,
     *   text?: string, owner?: string, since?: string, order?: "asc" | "desc", limit?: number, offset?: number }} [query] */
    listMessages({ kind, state, text, owner, since, order = "desc", limit = 50, offset = 0 } = {}) {
      const direction = order === "asc" ? "asc" : "desc";
      return run(async (db) => {
        let q = db.selectFrom("messages");
        if (kind) q = q.where("kind", "=", kind);
        if (state) q = q.where("state", "=", state);
        if (owner === "none") q = q.where("owner_id", "is", null);
        else if (owner) q = q.where("owner_id", "=", owner);
        if (since) q = q.where("received_at", ">", since);
        if (text) q = q.where(sql`search like ${containsPattern(text)} escape '\\'`);
        const counted = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
        const rows = await q
          .selectAll()
          .orderBy("received_at", direction)
          .orderBy("id", direction)
          .limit(Math.max(0, Math.min(Number(limit) || 0, 10_000)))
          .offset(Math.max(0, Number(offset) || 0))
          .execute();
        return { total: Number(counted?.n ?? 0), items: await itemsOf(db, rows) };
      });
    },

    /** @param {string} id @param {{ state?: "open" | "answered" | "handled", note?: string | null,
     *   callSummary?: string | null, owner?: { id: string, name: string } | null }} patch */
    updateMessage(id, { state, note, callSummary, owner }) {
      if (state !== undefined && !STATES.includes(state)) throw new TypeError(`Unknown state: ${String(state)}`);
      return run(async (db) => {
        const row = await inTransaction(db, async (trx) => {
          const old = await trx.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
          if (!old) return null;
          const next = {
            ...old,
            ...(state !== undefined && { state }),
            ...(note !== undefined && { note }),
            ...(callSummary !== undefined && { call_summary: callSummary }),
            ...(owner !== undefined && { owner_id: owner?.id ?? null, owner_name: owner?.name ?? null }),
          };
          const set = {
            state: next.state,
            note: next.note,
            call_summary: next.call_summary,
            owner_id: next.owner_id ?? null,
            owner_name: next.owner_name ?? null,
            search: searchText(next, JSON.parse(old.params)),
          };
          await trx.updateTable("messages").set(set).where("id", "=", id).execute();
          return next;
        });
        if (row) changed("message.changed", { message: id });
        return row ? (await itemsOf(db, [row]))[0] : null;
      });
    },

    /** The newest message of a call, or null. @param {string} callId */
    findByCallId(callId) {
      return run(async (db) => {
        const row = await db
          .selectFrom("messages")
          .selectAll()
          .where("call_id", "=", callId)
          .orderBy("received_at", "desc")
          .executeTakeFirst();
        return row ? (await itemsOf(db, [row]))[0] : null;
      });
    },

    /** The message a call's tool call left, or null. @param {string} toolCallId */
    findByToolCallId(toolCallId) {
      return run(async (db) => {
        const row = await db
          .selectFrom("messages")
          .selectAll()
          .where("tool_call_id", "=", toolCallId)
          .executeTakeFirst();
        return row ? (await itemsOf(db, [row]))[0] : null;
      });
    },
  };
}
