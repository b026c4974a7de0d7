// What every change of a meeting shares: the row, a slot's claim, a limit's lock and the queued effects.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { isoTime } from "./records.mjs";

/** A change the store refuses, with its status ("taken", "limit"…), thrown to roll back. */
export class Refused extends Error {
  /** @param {string} status */
  constructor(status) {
    super(status);
    this.status = status;
  }
}

export function meetingItem(row) {
  return {
    id: row.id,
    uid: row.uid,
    start: row.slot_start,
    end: row.slot_end,
    state: row.state,
    holdUntil: row.hold_until,
    kind: row.kind,
    source: row.source,
    messageId: row.message_id,
    sequence: Number(row.sequence),
    noShow: Boolean(Number(row.no_show)),
    cancelNote: row.cancel_note,
    createdAt: row.created_at,
    bookedAt: row.booked_at,
    cancelledAt: row.cancelled_at,
    decidedAt: row.decided_at ?? null,
    decidedBy: row.decided_by ?? null,
  };
}

/** @typedef {ReturnType<typeof meetingItem>} Meeting
 * @typedef {{ channel: string, at: Date, payload?: Record<string, unknown> }} Effect a queued mail or calendar write, due `at`; `payload`: what the meeting's state will not say
 * @typedef {{ count: number, since: string, at: string, held: boolean, mode: string }} Surge `count` bookings from `since` to `at`, this one too; `held`: it waits */

/** @typedef {{ fallback: string, surgeCount: number, surgeSince: Date, surgeWindowMs: number, notice: (meeting: Meeting, surge: Surge) => Effect[] }} Approval
 *   the team's hold on new bookings: `fallback` the mode until the team chose one; a surge is `surgeCount` bookings after `surgeSince` */

/** @param {import("kysely").Kysely<any> | import("kysely").Transaction<any>} db @param {string} id */
export const meetingRow = (db, id) => db.selectFrom("meetings").selectAll().where("id", "=", id).executeTakeFirst();

function effectRows(messageId, effects, at) {
  return effects.map(({ channel, at: due, payload }) => ({
    id: randomUUID(),
    message_id: messageId,
    channel,
    idempotency_key: `${messageId}:${channel}`,
    state: "pending",
    attempts: 0,
    next_attempt_at: isoTime(due),
    created_at: at,
    payload: payload ? JSON.stringify(payload) : null,
  }));
}

/** Queues `effects` for a meeting's lead, each once (by its channel). */
export async function addEffects(trx, messageId, effects, at) {
  if (!messageId || effects.length === 0) return;
  await trx
    .insertInto("notifications")
    .values(effectRows(messageId, effects, at))
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .execute();
}

/** Takes `start`'s claim for `meetingId` unless another holds it unexpired or booked it. */
export async function claim(trx, { start, meetingId, heldUntil, at }) {
  const rows = await trx
    .insertInto("slot_claims")
    .values({ slot_start: start, meeting_id: meetingId, held_until: heldUntil })
    .onConflict((oc) =>
      oc
        .column("slot_start")
        .doUpdateSet({
          meeting_id: (eb) => eb.ref("excluded.meeting_id"),
          held_until: (eb) => eb.ref("excluded.held_until"),
        })
        .where("slot_claims.held_until", "is not", null)
        .where("slot_claims.held_until", "<=", at),
    )
    .returning("meeting_id")
    .execute();
  return rows.length === 1 && rows[0].meeting_id === meetingId;
}

/** Serializes the transactions counting one key's limit: an advisory lock on PostgreSQL; SQLite's one connection runs
 * one transaction at a time anyway (decision 059). @param {{ engine: string }} store */
export const keyLock = (store) => async (trx, key) => {
  if (store.engine === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
};
