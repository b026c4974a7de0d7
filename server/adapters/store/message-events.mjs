// Each action the team takes on a message (a note, a reply, an export, an erasure): its history (decision 040).
import { randomUUID } from "node:crypto";
import { eventItem } from "./records.mjs";

/** @param {() => Promise<import("kysely").Kysely<any>>} db @param {{ now: () => Date, changed?: Function }} options */
export function createMessageEvents(db, { now, changed = () => {} }) {
  // A message's history is read in order of `at`: two actions in one millisecond (a note, then
  // an export) must not tie, so each event is stamped at least 1 ms after this process's last.
  let lastEventMs = 0;
  const eventAt = () => {
    lastEventMs = Math.max(now().getTime(), lastEventMs + 1);
    return new Date(lastEventMs).toISOString();
  };

  return {
    /** `detail`: the note's or the reply's text… @param {string} messageId @param {{ id: string | null, name: string }} actor
     * @param {string} action @param {Record<string, unknown> | null} [detail] */
    async addEvent(messageId, actor, action, detail = null) {
      const conn = await db();
      const row = {
        id: randomUUID(),
        message_id: String(messageId),
        at: eventAt(),
        actor_id: actor.id,
        actor_name: actor.name,
        action,
        detail: detail ? JSON.stringify(detail) : null,
      };
      await conn.insertInto("message_events").values(row).execute();
      // A page showing the message reads its history anew; an erasure ("*") changes the whole list.
      if (row.message_id === "*") changed("messages.changed", {});
      else if (action !== "export") changed("message.changed", { message: row.message_id });
      return eventItem(row);
    },

    /** One action on many messages at once (an export), in one statement. */
    async addEvents(messageIds, actor, action, detail = null) {
      if (messageIds.length === 0) return;
      const conn = await db();
      const at = eventAt();
      await conn
        .insertInto("message_events")
        .values(
          messageIds.map((id) => ({
            id: randomUUID(),
            message_id: String(id),
            at,
            actor_id: actor.id,
            actor_name: actor.name,
            action,
            detail: detail ? JSON.stringify(detail) : null,
          })),
        )
        .execute();
    },

    /** A message's history, oldest first. */
    async eventsOf(messageId) {
      const conn = await db();
      const rows = await conn
        .selectFrom("message_events")
        .selectAll()
        .where("message_id", "=", String(messageId))
        .orderBy("at")
        .orderBy("id")
        .execute();
      return rows.map(eventItem);
    },

    /** The notes of many messages at once (the CSV's column), by message id, oldest first. */
    async notesOf(messageIds) {
      if (messageIds.length === 0) return new Map();
      const conn = await db();
      const rows = await conn
        .selectFrom("message_events")
        .selectAll()
        .where("action", "=", "note")
        .where("message_id", "in", messageIds.map(String))
        .orderBy("at")
        .execute();
      const byMessage = new Map();
      for (const row of rows) {
        const list = byMessage.get(row.message_id) ?? [];
        list.push(eventItem(row));
        byMessage.set(row.message_id, list);
      }
      return byMessage;
    },
  };
}
