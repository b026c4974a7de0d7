// A hold takes its slot's claim in one statement; a confirm makes it a lead in one transaction, within the
// limits per mailbox and address (decisions 059, 061), pending while the team holds bookings (062).
import { randomUUID } from "node:crypto";
import { classifyError, inTransaction } from "./engines.mjs";
import { messageItem, messageRow } from "./records.mjs";
import { mailboxKey } from "../../lib/mailbox.mjs";
import { approvalSetting, bookingsSince, claimSurgeNotice } from "./meeting-approval.mjs";
import { addEffects, claim, keyLock, meetingItem, meetingRow, Refused } from "./meeting-rows.mjs";

/** A stale hold (its claim long expired or taken by another) is deleted this long after its end. */
const STALE_HOLD_MS = 60 * 60_000;

/** @typedef {import("./meeting-rows.mjs").Meeting} Meeting @typedef {import("./meeting-rows.mjs").Effect} Effect
 * @typedef {import("./meeting-rows.mjs").Approval} Approval */

/** @typedef {{ record: Parameters<typeof messageRow>[0], channels: string[], effects: (meeting: Meeting) => Effect[], maxUpcoming?: number,
 *   maxRecent?: number, recentSince?: Date, maxPerAddress?: number, addressSince?: Date, approval?: Approval }} Booking what a confirm is given
 * @typedef {{ status: "booked", meeting: Meeting, repeated: boolean, message: any } | { status: "unknown" | "taken" | "gone" | "limit" }} Confirmed */

/** @param {ReturnType<typeof import("./index.mjs").openStore>} store @param {{ now: () => Date }} options */
export function createMeetingBooking(store, { now }) {
  const lockKey = keyLock(store);

  /** Whether the team holds it, and the surge if it is its window's first past the count; under one lock, so each
   * confirm counts every booking committed before it. @param {import("kysely").Transaction<any>} trx @param {Approval} approval @param {string} at */
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
    /** Holds a slot: "held", or "taken"; a call's `holdKey` has one meeting ("limit" once booked), `addressKey`'s open holds
     * count against `maxOpenHolds` (059). @returns {Promise<{ status: "held", meeting: Meeting } | { status: "taken" | "limit" }>}
     * @param {{ start: Date, end: Date, holdMinutes: number, kind?: string, source?: string, holdKey?: string, addressKey?: string, maxOpenHolds?: number }} request */
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

    /** A hold `id` becomes a booking, its lead and `effects` in one transaction (047; a repeat gives it again); "taken": the
     * slot went to another after the hold expired; "limit": a mailbox's or address's limit (059, 061); `approval`: held as
     * "pending", its `effects` wait (062). @param {string} id @param {Booking} booking @returns {Promise<Confirmed>} */
    confirm(id, { record, channels, effects, maxUpcoming = Infinity, maxRecent = Infinity, recentSince, ...limits }) {
      const at = now().toISOString();
      const messageId = randomUUID();
      const row = messageRow(record, messageId);
      const mailbox = row.email_key ? mailboxKey(row.email_key) : null;
      const { maxPerAddress = Infinity, addressSince, approval } = limits;
      return store.run(async (db) => {
        const booked = async () => {
          const m = /** @type {any} */ (await meetingRow(db, id));
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
            // A write first locks the claim's row (and takes SQLite's write lock): two confirms of one hold run in turn.
            const claimed = await trx
              .updateTable("slot_claims")
              .set({ held_until: null })
              .where("meeting_id", "=", id)
              .executeTakeFirst();
            const m = await meetingRow(trx, id);
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
  };
}
