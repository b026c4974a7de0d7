// The live takeover's conversations and their lines (decision 074): each change is one conditional update, so of two
// instances one wins; a line's seq is taken from its conversation's counter in the insert's transaction.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { inTransaction } from "./engines.mjs";
import { emailKey } from "./records.mjs";
import { systemClock } from "../../lib/clock.mjs";

/** Bounded by the takeover's limits and retention, apart from INBOX_MAX_BYTES (as PostgreSQL's sizeBytes counts). */
export const CONVERSATION_TABLES = ["conversations", "conversation_lines"];
export const STATES = /** @type {const} */ (["waiting", "held", "missed", "returned", "ended"]);
export const AUTHORS = /** @type {const} */ (["visitor", "emma", "agent", "system"]);
const ROTATION_KEY = "conversation_rotation";

const hashOf = (/** @type {string} */ token) => createHash("sha256").update(token).digest("hex");
const secret = () => randomBytes(16).toString("hex");

export const conversationItem = (row) =>
  row
    ? {
        id: row.id,
        createdAt: row.created_at,
        state: row.state,
        holder: row.holder_id ? { id: row.holder_id, name: row.holder_name ?? "" } : null,
        offeredTo: row.offered_to ?? null,
        askedAt: row.asked_at,
        takenAt: row.taken_at ?? null,
        endedAt: row.ended_at ?? null,
        page: row.page ?? null,
        messageId: row.message_id ?? null,
        visitorName: row.visitor_name ?? null,
        visitorEmail: row.visitor_email ?? null,
        lines: Number(row.lines),
      }
    : null;

export const lineItem = (row) => ({
  seq: Number(row.seq),
  author: row.author,
  name: row.name ?? null,
  text: row.text,
  at: row.at,
});

/** @typedef {NonNullable<ReturnType<typeof conversationItem>>} Conversation */

/** @param {ReturnType<typeof import("./index.mjs").openStore>} store @param {{ now?: () => Date }} [options] */
export function createConversations(store, { now = store.now ?? systemClock } = {}) {
  const run = (/** @type {(db: import("kysely").Kysely<any>) => Promise<any>} */ work) => store.run(work);
  const iso = () => now().toISOString();
  const tell = (/** @type {string} */ kind, /** @type {object} */ data) => store.changed?.(kind, data);
  const load = (db, id) => db.selectFrom("conversations").selectAll().where("id", "=", id).executeTakeFirst();

  /** Sets `set` where `id` matches and `when` holds; the row after, or null when another got there first. */
  async function change(id, set, when) {
    const row = await run(async (db) => {
      const result = await when(db.updateTable("conversations").set(set).where("id", "=", id)).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? load(db, id) : null;
    });
    if (row) tell("conversation.changed", { conversation: id });
    return conversationItem(row);
  }

  return {
    /** A new conversation waiting for a salesperson, with the chat so far as its first lines.
     * @param {{ transcript: { author: "visitor" | "emma", text: string }[], page?: string | null, visitorName?: string | null,
     *   visitorEmail?: string | null, offeredTo?: string | null }} start */
    async create({ transcript, page = null, visitorName = null, visitorEmail = null, offeredTo = null }) {
      const id = secret();
      const token = secret();
      const at = iso();
      await run((db) =>
        inTransaction(db, async (trx) => {
          await trx
            .insertInto("conversations")
            .values({
              id,
              token_hash: hashOf(token),
              created_at: at,
              state: "waiting",
              offered_to: offeredTo,
              asked_at: at,
              active_at: at,
              page,
              visitor_name: visitorName,
              visitor_email: visitorEmail,
              lines: transcript.length,
            })
            .execute();
          if (transcript.length > 0)
            await trx
              .insertInto("conversation_lines")
              .values(
                transcript.map((line, i) => ({
                  conversation_id: id,
                  seq: i + 1,
                  author: line.author,
                  name: null,
                  text: line.text,
                  at,
                })),
              )
              .execute();
        }),
      );
      tell("conversation.changed", { conversation: id });
      return { id, token };
    },

    /** @param {string} id */
    get: (id) => run((db) => load(db, id)).then(conversationItem),

    /** The conversation when `token` is its visitor's, else null. @param {string} id @param {string} token */
    async withToken(id, token) {
      if (typeof id !== "string" || typeof token !== "string" || !/^[0-9a-f]{32}$/.test(token)) return null;
      const row = await run((db) => load(db, id));
      if (!row) return null;
      const given = Buffer.from(hashOf(token));
      return timingSafeEqual(given, Buffer.from(String(row.token_hash))) ? conversationItem(row) : null;
    },

    /** Lines after `after`, in order. @param {string} id @param {number} [after] @param {number} [limit] */
    linesAfter: (id, after = 0, limit = 500) =>
      run((db) =>
        db
          .selectFrom("conversation_lines")
          .selectAll()
          .where("conversation_id", "=", id)
          .where("seq", ">", after)
          .orderBy("seq")
          .limit(limit)
          .execute(),
      ).then((rows) => rows.map(lineItem)),

    /** A line with the next seq while the conversation is in one of `states` (and held by `holderId` when given);
     * null when it is not. @param {string} id @param {{ author: string, name?: string | null, text: string }} line
     * @param {{ states: readonly string[], holderId?: string }} rule */
    async addLine(id, { author, name = null, text }, { states, holderId }) {
      const at = iso();
      const seq = await run((db) =>
        inTransaction(db, async (trx) => {
          let update = trx
            .updateTable("conversations")
            .set((eb) => ({ lines: eb("lines", "+", 1), active_at: at }))
            .where("id", "=", id)
            .where("state", "in", [...states]);
          if (holderId !== undefined) update = update.where("holder_id", "=", holderId);
          const row = await update.returning("lines").executeTakeFirst();
          if (!row) return null;
          const next = Number(row.lines);
          await trx
            .insertInto("conversation_lines")
            .values({ conversation_id: id, seq: next, author, name, text, at })
            .execute();
          return next;
        }),
      );
      if (seq !== null) tell("conversation.line", { conversation: id, seq });
      return seq;
    },

    /** Atomic: of two salespeople (or instances) one wins; the holder taking it again is a no-op win.
     * @param {string} id @param {{ id: string, name: string }} actor */
    take: (id, actor) =>
      change(
        id,
        { state: "held", holder_id: actor.id, holder_name: actor.name, taken_at: iso(), active_at: iso() },
        (q) =>
          q.where((eb) =>
            eb.or([eb("state", "=", "waiting"), eb.and([eb("state", "=", "held"), eb("holder_id", "=", actor.id)])]),
          ),
      ),

    /** "Lämna tillbaka till Emma": only its holder. @param {string} id @param {string} holderId */
    release: (id, holderId) =>
      change(id, { state: "returned", ended_at: iso() }, (q) =>
        q.where("state", "=", "held").where("holder_id", "=", holderId),
      ),

    /** Waiting → missed, once (the visitor's timer, or the sweep with `askedBefore`). @param {string} id @param {Date} [askedBefore] */
    miss: (id, askedBefore) =>
      change(id, { state: "missed", ended_at: iso() }, (q) => {
        const waiting = q.where("state", "=", "waiting");
        return askedBefore ? waiting.where("asked_at", "<=", askedBefore.toISOString()) : waiting;
      }),

    /** Held → ended when nothing was said since `idleBefore` (the salesperson or the visitor gone).
     * @param {string} id @param {Date} idleBefore */
    endIdle: (id, idleBefore) =>
      change(id, { state: "ended", ended_at: iso() }, (q) =>
        q.where("state", "=", "held").where("active_at", "<=", idleBefore.toISOString()),
      ),

    /** The inbox message made of it (its lead). @param {string} id @param {string} messageId */
    setMessage: (id, messageId) =>
      run((db) => db.updateTable("conversations").set({ message_id: messageId }).where("id", "=", id).execute()),

    /** Ids in `state` last asked (waiting) or active (held) at or before `cutoff`.
     * @param {"waiting" | "held"} state @param {Date} cutoff */
    dueIn: (state, cutoff) =>
      run((db) =>
        db
          .selectFrom("conversations")
          .select("id")
          .where("state", "=", state)
          .where(state === "waiting" ? "asked_at" : "active_at", "<=", cutoff.toISOString())
          .limit(100)
          .execute(),
      ).then((rows) => rows.map((r) => r.id)),

    /** Waiting and held ones, and those ended since `endedSince`, with each one's last line. @param {Date} endedSince */
    listForTeam: (endedSince) =>
      run(async (db) => {
        const rows = await db
          .selectFrom("conversations")
          .selectAll()
          .where((eb) =>
            eb.or([eb("state", "in", ["waiting", "held"]), eb("ended_at", ">=", endedSince.toISOString())]),
          )
          .orderBy("asked_at", "desc")
          .limit(200)
          .execute();
        const last = rows.length
          ? await db
              .selectFrom("conversation_lines as l")
              .innerJoin("conversations as c", (j) =>
                j.onRef("c.id", "=", "l.conversation_id").onRef("c.lines", "=", "l.seq"),
              )
              .select(["l.conversation_id", "l.author", "l.text", "l.at"])
              .where(
                "l.conversation_id",
                "in",
                rows.map((r) => r.id),
              )
              .execute()
          : [];
        const byId = new Map(last.map((l) => [l.conversation_id, { author: l.author, text: l.text, at: l.at }]));
        return rows.map((r) => ({ ...conversationItem(r), lastLine: byId.get(r.id) ?? null }));
      }),

    /** Moves the round robin's pointer to `choose(last asked)` in one transaction; returns it (null: not moved).
     * @param {(lastAsked: string | null) => string | null} choose */
    rotate: (choose) =>
      run((db) =>
        inTransaction(db, async (trx) => {
          const row = await trx
            .selectFrom("store_meta")
            .select("value")
            .where("key", "=", ROTATION_KEY)
            .executeTakeFirst();
          const next = choose(row?.value ?? null);
          if (next === null) return null;
          await trx
            .insertInto("store_meta")
            .values({ key: ROTATION_KEY, value: next })
            .onConflict((oc) => oc.column("key").doUpdateSet({ value: next }))
            .execute();
          return next;
        }),
      ),

    /** The owner of the newest message from `email` that has one (the lead's owner is asked first). @param {string} email */
    ownerOf: (email) =>
      run((db) =>
        db
          .selectFrom("messages")
          .select("owner_id")
          .where("email_key", "=", emailKey(email))
          .where("owner_id", "is not", null)
          .orderBy("received_at", "desc")
          .limit(1)
          .executeTakeFirst(),
      ).then((row) => row?.owner_id ?? null),
  };
}
