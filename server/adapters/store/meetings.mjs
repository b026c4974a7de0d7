// The free meeting in the store: holds, bookings, their changes and what reads them; every mail or calendar
// write a meeting causes is a row of the notification queue (decision 047).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { emailKey, messageItem } from "./records.mjs";
import { approvalSetting, bookingsSince, saveApprovalSetting } from "./meeting-approval.mjs";
import { meetingItem, meetingRow } from "./meeting-rows.mjs";
import { createMeetingBooking } from "./meeting-booking.mjs";
import { createMeetingChanges } from "./meeting-changes.mjs";
import { systemClock } from "../../lib/clock.mjs";

export { meetingItem };

const TOKEN_KEY = "meeting-token-key";

/** @typedef {import("./meeting-rows.mjs").Meeting} Meeting @typedef {import("./meeting-rows.mjs").Effect} Effect
 * @typedef {import("./meeting-rows.mjs").Surge} Surge @typedef {import("./meeting-rows.mjs").Approval} Approval */

/** @param {ReturnType<typeof import("./index.mjs").openStore>} store @param {{ now?: () => Date }} [options] */
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

  return {
    /** Slots booked, or held unexpired, from `from` on: busy times, with nothing of who took them. @param {Date} from */
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

    ...createMeetingBooking(store, { now }),

    /** The meeting a `holdKey` names, if any. @param {string} holdKey */
    byHoldKey(holdKey) {
      return store.run(async (db) => {
        const row = await db.selectFrom("meetings").selectAll().where("hold_key", "=", holdKey).executeTakeFirst();
        return row ? meetingItem(row) : null;
      });
    },

    /** The visitor's manage token of a meeting: its id and an HMAC under the store's own key. */
    token(/** @type {string} */ id) {
      return store.run(async (db) => `${id.replaceAll("-", "")}.${mac(await tokenKey(db), id)}`);
    },

    /** The booking a manage token opens, or null: for a wrong token, one of a meeting that has passed, and one of a
     * hold alike, so the answer tells nothing. @param {string} token */
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
        const row = await meetingRow(db, id);
        // A pending or declined booking was never mailed: its token is nobody's yet.
        if (!row || (row.state !== "booked" && row.state !== "cancelled")) return null;
        if (Date.parse(row.slot_end) <= now().getTime()) return null;
        return meetingItem(row);
      });
    },

    /** @param {string} id */
    get(id) {
      return store.run(async (db) => {
        const row = await meetingRow(db, id);
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

    ...createMeetingChanges(store, { now }),

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
        const row = await meetingRow(db, id);
        return row ? meetingItem(row) : null;
      });
    },

    /** Soonest first, each with its lead. @param {{ from: Date, to?: Date, states?: string[] }} range */
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
