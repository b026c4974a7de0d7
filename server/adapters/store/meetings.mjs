// The free meeting in the store (issue 45, tables of migrations/020-meetings.mjs): a hold takes
// its slot's claim in one statement, a booking turns the hold into a lead in one transaction, and
// every mail or calendar write it causes is a row of the notification queue (decision 047).
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { classifyError, inTransaction } from "./engines.mjs";
import { emailKey, isoTime, messageItem, messageRow } from "./records.mjs";
import { mailboxKey } from "../../lib/mailbox.mjs";
import { approvalSetting, bookingsSince, claimSurgeNotice, saveApprovalSetting } from "./meeting-approval.mjs";
import { systemClock } from "../../lib/clock.mjs";

/** A stale hold (its claim long expired or taken by another) is deleted this long after its end. */
const STALE_HOLD_MS = 60 * 60_000;
const TOKEN_KEY = "meeting-token-key";

class Refused extends Error {
  /** @param {string} status */
  constructor(status) {
    super(status);
    this.status = status;
  }
}

/** A meeting row as its callers see it. */
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

/**
 * @typedef {ReturnType<typeof meetingItem>} Meeting
 * @typedef {{ channel: string, at: Date, payload?: Record<string, unknown> }} Effect a queued mail or
 *   calendar write, due at `at`; `payload`: what it needs that the meeting's state will not say
 * @typedef {{ count: number, since: string, at: string, held: boolean, mode: string }} Surge `count`
 *   bookings from `since` to `at`, this one included; `held`: this one waits for approval
 * @typedef {{ fallback: string, surgeCount: number, surgeSince: Date, surgeWindowMs: number,
 *   notice: (meeting: Meeting, surge: Surge) => Effect[] }} Approval the team's hold on new bookings:
 *   `fallback` the mode until the team chose one; a surge is `surgeCount` bookings after `surgeSince`
 */

/**
 * The meetings' methods over the store's database (its run(): 503 when the database is away).
 * @param {ReturnType<typeof import("./index.mjs").openStore>} store
 * @param {{ now?: () => Date }} [options]
 */
export function createStoreMeetings(store, { now = store.now ?? systemClock } = {}) {
  /** @type {Buffer | null} */
  let key = null;

  async function tokenKey(db) {
    if (key) return key;
    await db
      .insertInto("store_meta")
      .values({ key: TOKEN_KEY, value: randomBytes(32).toString("base64url") })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    const row = await db
      .selectFrom("store_meta")
      .select("value")
      .where("key", "=", TOKEN_KEY)
      .executeTakeFirstOrThrow();
    key = Buffer.from(row.value, "base64url");
    return key;
  }

  const mac = (k, id) => createHmac("sha256", k).update(`meeting:${id}`).digest("base64url");

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

  async function addEffects(trx, messageId, effects, at) {
    if (!messageId || effects.length === 0) return;
    await trx
      .insertInto("notifications")
      .values(effectRows(messageId, effects, at))
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .execute();
  }

  /** Takes `start`'s claim for `meetingId` unless another holds it unexpired or booked it. */
  async function claim(trx, { start, meetingId, heldUntil, at }) {
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

  /**
   * Makes the transactions counting one key's limit (an e-mail, an address) run one after another
   * until each ends. PostgreSQL: an advisory lock; SQLite needs none, its one connection runs one
   * transaction at a time (docs/decisions/059-bookings-only-on-free-slots.md).
   */
  async function lockKey(trx, key) {
    if (store.engine === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }

  const get = (db, id) => db.selectFrom("meetings").selectAll().where("id", "=", id).executeTakeFirst();

  /**
   * Whether the team holds this booking, and the surge it makes if it is the first of its window
   * past the count. Under one lock, so each confirm counts every booking committed before it.
   * @param {import("kysely").Transaction<any>} trx @param {Approval} approval @param {string} at
   */
  async function teamHold(trx, approval, at) {
    await lockKey(trx, "booking-surge");
    const recent = await bookingsSince(trx, approval.surgeSince.toISOString());
    const count = recent.count + 1;
    const surging = count >= approval.surgeCount;
    const mode = (await approvalSetting(trx))?.mode ?? approval.fallback;
    const pending = mode === "on" || (mode === "surge" && surging);
    const notify = surging && (await claimSurgeNotice(trx, at, approval.surgeWindowMs));
    return { pending, surge: notify ? { count, since: recent.first ?? at, at, held: pending, mode } : null };
  }

  return {
    /**
     * The slot starts taken now (booked, or held and not expired) from `from` on: busy times for
     * the free slots, with nothing of who took them.
     * @param {Date} from
     */
    taken(from) {
      const at = now().toISOString();
      return store.run(async (db) => {
        const rows = await db
          .selectFrom("slot_claims")
          .innerJoin("meetings", "meetings.id", "slot_claims.meeting_id")
          .select(["slot_claims.slot_start as start", "meetings.slot_end as end"])
          .where("slot_claims.slot_start", ">=", from.toISOString())
          .where((eb) => eb.or([eb("slot_claims.held_until", "is", null), eb("slot_claims.held_until", ">", at)]))
          .execute();
        return rows.map((r) => ({ start: Date.parse(r.start), end: Date.parse(r.end) }));
      });
    },

    /**
     * Holds a slot for a visitor: "held" with the hold's id, or "taken". A `holdKey` (a call's)
     * has one meeting at most: the same start gives it again (a repeated tool call), another
     * start replaces it while it is a hold, and once booked it refuses ("limit"). `addressKey`
     * counts a client's open holds against `maxOpenHolds`, in the transaction that adds one.
     * @param {{ start: Date, end: Date, holdMinutes: number, kind?: string, source?: string,
     *   holdKey?: string, addressKey?: string, maxOpenHolds?: number }} request
     * @returns {Promise<{ status: "held", meeting: Meeting } | { status: "taken" | "limit" }>}
     */
    hold({ start, end, holdMinutes, kind = "video", source, holdKey, addressKey, maxOpenHolds = Infinity }) {
      const at = now();
      const atIso = at.toISOString();
      const id = randomUUID();
      return store.run(async (db) => {
        if (holdKey) {
          const same = await db.selectFrom("meetings").selectAll().where("hold_key", "=", holdKey).executeTakeFirst();
          if (same && same.slot_start === start.toISOString() && same.state !== "cancelled")
            return { status: /** @type {const} */ ("held"), meeting: meetingItem(same) };
          if (same && same.state !== "held") return { status: /** @type {const} */ ("limit") };
        }
        await db
          .deleteFrom("meetings")
          .where("state", "=", "held")
          .where("hold_until", "<", new Date(at.getTime() - STALE_HOLD_MS).toISOString())
          .execute();
        const row = {
          id,
          uid: `${randomUUID()}@meeting`,
          slot_start: start.toISOString(),
          slot_end: end.toISOString(),
          state: "held",
          hold_until: new Date(at.getTime() + holdMinutes * 60_000).toISOString(),
          hold_key: holdKey ?? null,
          address_key: addressKey ?? null,
          kind,
          source: source ?? null,
          sequence: 0,
          no_show: 0,
          created_at: atIso,
        };
        try {
          await inTransaction(db, async (trx) => {
            if (addressKey && Number.isFinite(maxOpenHolds)) {
              await lockKey(trx, `booking-holds:${addressKey}`);
              const open = await trx
                .selectFrom("meetings")
                .select((eb) => eb.fn.countAll().as("n"))
                .where("address_key", "=", addressKey)
                .where("state", "=", "held")
                .where("hold_until", ">", atIso)
                .executeTakeFirst();
              if (Number(open?.n ?? 0) >= maxOpenHolds) throw new Refused("limit");
            }
            if (holdKey)
              await trx.deleteFrom("meetings").where("hold_key", "=", holdKey).where("state", "=", "held").execute();
            await trx.insertInto("meetings").values(row).execute();
            const mine = await claim(trx, {
              start: row.slot_start,
              meetingId: id,
              heldUntil: row.hold_until,
              at: atIso,
            });
            if (!mine) throw new Refused("taken");
          });
        } catch (error) {
          if (error instanceof Refused) return { status: /** @type {"taken" | "limit"} */ (error.status) };
          // Another hold of the same key won the race: one meeting per call.
          if (holdKey && classifyError(error) === "duplicate") return { status: /** @type {const} */ ("limit") };
          throw error;
        }
        return { status: /** @type {const} */ ("held"), meeting: meetingItem({ ...row, message_id: null }) };
      });
    },

    /** The meeting a `holdKey` names, if any. @param {string} holdKey */
    byHoldKey(holdKey) {
      return store.run(async (db) => {
        const row = await db.selectFrom("meetings").selectAll().where("hold_key", "=", holdKey).executeTakeFirst();
        return row ? meetingItem(row) : null;
      });
    },

    /**
     * Turns a hold into a booking, with its lead (a message of the store and the sales team's
     * notifications) and `effects`, in one transaction. A repeated confirm gives the same booking
     * (`repeated`) and queues nothing again. "taken": another visitor took the slot after the
     * hold expired; "limit": the mailbox (mailbox.mjs) has `maxUpcoming` meetings ahead already,
     * or made `maxRecent` bookings since `recentSince`, or the hold's address made
     * `maxPerAddress` since `addressSince` (cancelled ones count too). With `approval`, a booking
     * the team holds is "pending": its slot taken, its lead and the team's channels kept, `effects`
     * (the visitor's mails) not queued until it is approved.
     * @param {string} id the hold's id
     * @param {{ record: Parameters<typeof messageRow>[0], channels: string[],
     *   effects: (meeting: Meeting) => Effect[], maxUpcoming?: number, maxRecent?: number,
     *   recentSince?: Date, maxPerAddress?: number, addressSince?: Date, approval?: Approval }} booking
     * @returns {Promise<{ status: "booked", meeting: Meeting, repeated: boolean, message: any }
     *   | { status: "unknown" | "taken" | "gone" | "limit" }>}
     */
    confirm(id, { record, channels, effects, maxUpcoming = Infinity, maxRecent = Infinity, recentSince, ...limits }) {
      const at = now().toISOString();
      const messageId = randomUUID();
      const row = messageRow(record, messageId);
      const mailbox = row.email ? mailboxKey(row.email) : null;
      const { maxPerAddress = Infinity, addressSince, approval } = limits;
      return store.run(async (db) => {
        const booked = async () => {
          const m = /** @type {any} */ (await get(db, id));
          const msg = await db.selectFrom("messages").selectAll().where("id", "=", m.message_id).executeTakeFirst();
          return {
            status: /** @type {const} */ ("booked"),
            meeting: meetingItem(m),
            repeated: true,
            message: msg ? messageItem(msg) : null,
          };
        };
        try {
          return await inTransaction(db, async (trx) => {
            // A write first: the claim's row is locked before anything is read (and SQLite's
            // write lock taken), so two confirms of one hold run one after the other.
            const claimed = await trx
              .updateTable("slot_claims")
              .set({ held_until: null })
              .where("meeting_id", "=", id)
              .executeTakeFirst();
            const m = await get(trx, id);
            if (!m) throw new Refused("unknown");
            if (m.state === "booked" || m.state === "pending") throw new Refused("repeated");
            if (m.state !== "held") throw new Refused("gone");
            if (Number(claimed.numUpdatedRows) === 0) throw new Refused("taken");
            if (m.address_key && Number.isFinite(maxPerAddress) && addressSince) {
              await lockKey(trx, `booking-address:${m.address_key}`);
              const made = await trx
                .selectFrom("meetings")
                .select((eb) => eb.fn.countAll().as("n"))
                .where("address_key", "=", m.address_key)
                .where("booked_at", ">", addressSince.toISOString())
                .executeTakeFirst();
              if (Number(made?.n ?? 0) >= maxPerAddress) throw new Refused("limit");
            }
            if (mailbox) await lockKey(trx, `booking-email:${mailbox}`);
            if (mailbox && Number.isFinite(maxUpcoming)) {
              const upcoming = await trx
                .selectFrom("meetings")
                .select((eb) => eb.fn.countAll().as("n"))
                .where("mailbox_key", "=", mailbox)
                .where("state", "in", ["booked", "pending"])
                .where("slot_start", ">", at)
                .executeTakeFirst();
              if (Number(upcoming?.n ?? 0) >= maxUpcoming) throw new Refused("limit");
            }
            if (mailbox && Number.isFinite(maxRecent) && recentSince) {
              const recent = await trx
                .selectFrom("meetings")
                .select((eb) => eb.fn.countAll().as("n"))
                .where("mailbox_key", "=", mailbox)
                .where("booked_at", ">", recentSince.toISOString())
                .executeTakeFirst();
              if (Number(recent?.n ?? 0) >= maxRecent) throw new Refused("limit");
            }
            const { pending, surge } = approval ? await teamHold(trx, approval, at) : { pending: false, surge: null };
            const kept = pending
              ? messageRow({ ...record, params: { ...record.params, meeting_pending: "ja" } }, messageId)
              : row;
            await trx.insertInto("messages").values(kept).execute();
            const state = pending ? "pending" : "booked";
            const updated = await trx
              .updateTable("meetings")
              .set({
                state,
                hold_until: null,
                message_id: messageId,
                email_key: row.email_key,
                mailbox_key: mailbox,
                booked_at: at,
              })
              .where("id", "=", id)
              .where("state", "=", "held")
              .executeTakeFirst();
            if (Number(updated.numUpdatedRows) !== 1) throw new Refused("repeated");
            const meeting = meetingItem({ ...m, state, hold_until: null, message_id: messageId, booked_at: at });
            const sales = channels.map((channel) => ({ channel, at: new Date(at) }));
            const own = pending ? [] : effects(meeting);
            const notice = surge && approval ? approval.notice(meeting, surge) : [];
            await addEffects(trx, messageId, [...sales, ...own, ...notice], at);
            return { status: /** @type {const} */ ("booked"), meeting, repeated: false, message: messageItem(kept) };
          });
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
          if (error.status === "repeated") return booked();
          return { status: /** @type {"unknown" | "taken" | "gone" | "limit"} */ (error.status) };
        }
      });
    },

    /** The visitor's manage token of a meeting: its id and an HMAC under the store's own key. */
    token(/** @type {string} */ id) {
      return store.run(async (db) => `${id.replaceAll("-", "")}.${mac(await tokenKey(db), id)}`);
    },

    /**
     * The booking a manage token opens, or null: for a wrong token, one of a meeting that has
     * passed, and one of a hold alike, so the answer tells nothing.
     * @param {string} token
     */
    byToken(token) {
      const m = /^([0-9a-f]{32})\.([\w-]{43})$/.exec(String(token ?? ""));
      return store.run(async (db) => {
        const k = await tokenKey(db);
        if (!m) return null;
        const hex = /** @type {string} */ (m[1]);
        const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
        const expected = Buffer.from(mac(k, id));
        const given = Buffer.from(/** @type {string} */ (m[2]));
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
        const row = await get(db, id);
        // A pending or declined booking was never mailed: its token is nobody's yet.
        if (!row || (row.state !== "booked" && row.state !== "cancelled")) return null;
        if (Date.parse(row.slot_end) <= now().getTime()) return null;
        return meetingItem(row);
      });
    },

    /** @param {string} id */
    get(id) {
      return store.run(async (db) => {
        const row = await get(db, id);
        return row ? meetingItem(row) : null;
      });
    },

    /** The meeting of a lead, if it has one. @param {string} messageId */
    ofMessage(messageId) {
      return store.run(async (db) => {
        const row = await db.selectFrom("meetings").selectAll().where("message_id", "=", messageId).executeTakeFirst();
        return row ? meetingItem(row) : null;
      });
    },

    /**
     * Cancels a booking (by the visitor's token or the team): the slot is free again, the
     * sequence goes up and `effects` (the cancellation's mail, the calendar's delete) are queued.
     * Cancelling a cancelled meeting changes nothing.
     * @param {string} id
     * @param {{ note?: string | null, effects: (meeting: Meeting) => Effect[] }} change
     */
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
          const row = await get(trx, id);
          if (!row) return null;
          if (Number(updated.numUpdatedRows) === 1) {
            await trx.deleteFrom("slot_claims").where("meeting_id", "=", id).execute();
            await addEffects(trx, row.message_id, effects(meetingItem(row)), at);
          }
          return meetingItem(row);
        }),
      );
    },

    /**
     * Moves a booking to another free slot: "moved", or "taken" when the new slot's claim is
     * another's. The sequence goes up and `effects` (the updated invitation) are queued.
     * @param {string} id
     * @param {{ start: Date, end: Date, effects: (meeting: Meeting, before: Meeting) => Effect[] }} change
     */
    move(id, { start, end, effects }) {
      const at = now().toISOString();
      return store.run(async (db) => {
        try {
          return await inTransaction(db, async (trx) => {
            const before = await get(trx, id);
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
            const meeting = meetingItem(/** @type {any} */ (await get(trx, id)));
            await addEffects(trx, before.message_id, effects(meeting, meetingItem(before)), at);
            return { status: "moved", meeting };
          });
        } catch (error) {
          if (error instanceof Refused) return { status: error.status };
          throw error;
        }
      });
    },

    /**
     * Books a pending booking the team approved, and queues `effects` (the visitor's invitation
     * and reminder, the calendar's event): "approved", or "gone" when it is no longer pending or
     * its time has passed.
     * @param {string} id @param {{ by: string, effects: (meeting: Meeting) => Effect[] }} decision
     */
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
          const row = await get(trx, id);
          if (!row) return { status: /** @type {const} */ ("unknown") };
          if (Number(updated.numUpdatedRows) !== 1) return { status: /** @type {const} */ ("gone") };
          const meeting = meetingItem(row);
          await addEffects(trx, row.message_id, effects(meeting), at);
          return { status: /** @type {const} */ ("approved"), meeting };
        }),
      );
    },

    /**
     * Declines a pending booking: its slot is free again and nothing is sent to its address.
     * @param {string} id @param {{ by: string }} decision
     */
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
          const row = await get(trx, id);
          if (!row) return { status: /** @type {const} */ ("unknown") };
          if (Number(updated.numUpdatedRows) !== 1) return { status: /** @type {const} */ ("gone") };
          await trx.deleteFrom("slot_claims").where("meeting_id", "=", id).execute();
          return { status: /** @type {const} */ ("declined"), meeting: meetingItem(row) };
        }),
      );
    },

    /** The team's choice of approval (null: none made yet), and bookings made after `since`. @param {Date} since */
    approval(since) {
      return store.run(async (db) => ({
        setting: await approvalSetting(db),
        recent: await bookingsSince(db, since.toISOString()),
      }));
    },

    /** Keeps the team's choice of approval for every instance. @param {string} mode @param {string} by */
    setApproval(mode, by) {
      return store.run((db) => saveApprovalSetting(db, { mode, by, at: now().toISOString() }));
    },

    /** Marks (or unmarks) that the visitor did not come. @param {string} id @param {boolean} noShow */
    markNoShow(id, noShow) {
      return store.run(async (db) => {
        await db
          .updateTable("meetings")
          .set({ no_show: noShow ? 1 : 0 })
          .where("id", "=", id)
          .execute();
        const row = await get(db, id);
        return row ? meetingItem(row) : null;
      });
    },

    /**
     * Booked and cancelled meetings from `from` to `to`, soonest first, each with its lead.
     * @param {{ from: Date, to?: Date, states?: string[] }} range
     */
    list({ from, to, states = ["booked", "pending", "cancelled", "declined"] }) {
      return store.run(async (db) => {
        let q = db
          .selectFrom("meetings")
          .selectAll()
          .where("slot_start", ">=", from.toISOString())
          .where("state", "in", states);
        if (to) q = q.where("slot_start", "<", to.toISOString());
        const rows = await q.orderBy("slot_start").orderBy("id").execute();
        const ids = rows.map((r) => r.message_id).filter(Boolean);
        const messages = ids.length ? await db.selectFrom("messages").selectAll().where("id", "in", ids).execute() : [];
        const byId = new Map(messages.map((m) => [m.id, messageItem(m)]));
        return rows.map((r) => ({ ...meetingItem(r), lead: byId.get(r.message_id) ?? null }));
      });
    },

    /** Every meeting of a lead's e-mail (export). @param {string} email */
    ofPerson(email) {
      return store.run(async (db) => {
        const rows = await db.selectFrom("meetings").selectAll().where("email_key", "=", emailKey(email)).execute();
        return rows.map(meetingItem);
      });
    },
  };
}
