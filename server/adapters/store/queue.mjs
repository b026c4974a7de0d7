// The notification queue and the periodic jobs: each notification is a row a worker claims, delivers and marks.
import { randomUUID } from "node:crypto";
import { isoTime, messageItem, notificationItem, trimmed } from "./records.mjs";

/** How long a claimed notification is left to its worker before another may take it. */
export const DEFAULT_LEASE_MS = 60_000;

export function notificationRows(messageId, channels, at) {
  return channels.map((channel) => ({
    id: randomUUID(),
    message_id: messageId,
    channel,
    idempotency_key: `${messageId}:${channel}`,
    state: "pending",
    attempts: 0,
    next_attempt_at: at,
    created_at: at,
  }));
}

export async function notificationsOf(db, ids) {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("notifications").selectAll().where("message_id", "in", ids).execute();
  const byMessage = new Map(ids.map((id) => [id, []]));
  for (const r of rows) byMessage.get(r.message_id)?.push(r);
  return byMessage;
}

/** The queue's methods of the store. @param {ReturnType<typeof import("./connection.mjs").openConnection>} connection
 * @param {{ now: import("../../lib/clock.mjs").Clock }} options */
export function createQueue(connection, { now }) {
  const { run } = connection;
  return {
    /** A channel the message already has is left as it is. @param {string} messageId @param {string[]} channels */
    enqueueNotifications(messageId, channels) {
      return run(async (db) => {
        if (channels.length === 0) return 0;
        const result = await db
          .insertInto("notifications")
          .values(notificationRows(messageId, channels, now().toISOString()))
          .onConflict((oc) => oc.column("idempotency_key").doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0);
      });
    },

    /** A mail of the team's (a reply) into the outbox, sent and retried by the worker; `payload`: the mail as sent.
     * @param {string} messageId @param {{ channel: string, key: string, payload: Record<string, unknown> }} mail */
    enqueueMail(messageId, { channel, key, payload }) {
      const at = now().toISOString();
      return run(async (db) => {
        await db
          .insertInto("notifications")
          .values({
            ...notificationRows(messageId, [channel], at)[0],
            idempotency_key: key,
            payload: JSON.stringify(payload),
          })
          .onConflict((oc) => oc.column("idempotency_key").doNothing())
          .execute();
      });
    },

    /** Leases up to `limit` due rows under a new claim: another server (FOR UPDATE SKIP LOCKED) or claim skips them until
     * marked or the lease ends. @param {Date} [when] @param {number} [limit] @param {{ leaseMs?: number, channel?: string }} [options] */
    claimDueNotifications(when = now(), limit = 10, { leaseMs = DEFAULT_LEASE_MS, channel } = {}) {
      const at = when.toISOString();
      const claim = randomUUID();
      return run(async (db) => {
        let due = db
          .selectFrom("notifications")
          .select("id")
          .where("state", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]))
          .orderBy("next_attempt_at")
          .limit(limit);
        // A channel ending in ":" is a prefix (the free meeting's "booking:<what>:<sequence>").
        if (channel?.endsWith(":")) due = due.where("channel", "like", `${channel}%`);
        else if (channel) due = due.where("channel", "=", channel);
        if (connection.engine?.engine === "postgres") due = due.forUpdate().skipLocked();
        const rows = await db
          .updateTable("notifications")
          .set({ lease_until: new Date(when.getTime() + leaseMs).toISOString(), lease_token: claim })
          .where("id", "in", due)
          .returningAll()
          .execute();
        if (rows.length === 0) return [];
        const messages = await db
          .selectFrom("messages")
          .selectAll()
          .where(
            "id",
            "in",
            rows.map((r) => r.message_id),
          )
          .execute();
        const byId = new Map(messages.map((m) => [m.id, messageItem(m)]));
        return rows.map((r) => ({ ...notificationItem(r), claim, message: byId.get(r.message_id) ?? null }));
      });
    },

    /** While its sends run; how many rows the claim still holds. @param {string} claim @param {number} [leaseMs] */
    extendNotificationClaim(claim, leaseMs = DEFAULT_LEASE_MS) {
      return run(async (db) => {
        const result = await db
          .updateTable("notifications")
          .set({ lease_until: new Date(now().getTime() + leaseMs).toISOString() })
          .where("lease_token", "=", claim)
          .where("state", "=", "pending")
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },

    /** A delivery, or a failure with the next try (null: "failed"); with `claim`, only while it holds the row. `error`
     * is shown by `npm run inbox`: no personal data. @param {string} id @param {{ claim?: string }} [options]
     * @param {{ delivered: true } | { error: string, nextAttemptAt: Date | null }} outcome */
    markNotification(id, outcome, { claim } = {}) {
      const at = now().toISOString();
      return run(async (db) => {
        const set =
          "delivered" in outcome
            ? { state: "delivered", delivered_at: at, last_error: null }
            : {
                state: outcome.nextAttemptAt ? "pending" : "failed",
                last_error: String(outcome.error).slice(0, 500),
                ...(outcome.nextAttemptAt && { next_attempt_at: isoTime(outcome.nextAttemptAt) }),
              };
        let update = db
          .updateTable("notifications")
          .set((eb) => ({ ...set, lease_until: null, lease_token: null, attempts: eb("attempts", "+", 1) }))
          .where("id", "=", id)
          .where("state", "!=", "delivered");
        if (claim) update = update.where("lease_token", "=", claim);
        const result = await update.executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /** True for the one caller that finds `name` due (or new) and moves its next run on; false for every other meanwhile.
     * @param {string} name @param {number} everyMs @param {Date} [when] */
    claimJob(name, everyMs, when = now()) {
      const at = when.toISOString();
      return run(async (db) => {
        await db
          .insertInto("scheduled_jobs")
          .values({ name, next_run_at: at })
          .onConflict((oc) => oc.column("name").doNothing())
          .execute();
        const result = await db
          .updateTable("scheduled_jobs")
          .set({ next_run_at: new Date(when.getTime() + everyMs).toISOString() })
          .where("name", "=", name)
          .where("next_run_at", "<=", at)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /** Notifications not yet delivered (pending or failed), oldest first, with their message's summary. */
    pendingNotifications() {
      return run(async (db) => {
        const rows = await db
          .selectFrom("notifications")
          .innerJoin("messages", "messages.id", "notifications.message_id")
          .selectAll("notifications")
          .select(["messages.kind", "messages.received_at", "messages.from_name", "messages.from_email"])
          .where("notifications.state", "!=", "delivered")
          .orderBy("notifications.created_at")
          .execute();
        return rows.map((r) => ({
          ...notificationItem(r),
          message: {
            id: r.message_id,
            kind: r.kind,
            receivedAt: r.received_at,
            from_name: trimmed(r.from_name),
            from_email: trimmed(r.from_email),
          },
        }));
      });
    },
  };
}
