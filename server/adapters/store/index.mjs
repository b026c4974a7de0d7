// The store: contact messages, leads, calls and their notifications, in SQLite (a file in the
// inbox folder) or, with DATABASE_URL, in PostgreSQL shared by every server. The only module
// that talks to a database (docs/decisions/021-store.md).
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import { mkdir, rm, stat, statfs, writeFile } from "node:fs/promises";
import path, { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FileMigrationProvider, Migrator, sql } from "kysely";
import { safeForLog } from "../../lib/log-safe.mjs";
import { classifyError, inTransaction, openPostgres, openSqlite, withOwnPostgresConnection } from "./engines.mjs";
import { importJsonl } from "./import-jsonl.mjs";
import { INSIGHTS_TABLES } from "./insights.mjs";
import {
  containsPattern,
  emailKey,
  eventItem,
  isoTime,
  kindOfTemplate,
  messageItem,
  messageRow,
  notificationItem,
  searchText,
  STATES,
} from "./records.mjs";
import { logLine } from "../../lib/logger.mjs";
import { systemClock } from "../../lib/clock.mjs";

/** Default cap of the data kept (INBOX_MAX_BYTES): thousands of real messages, not a full disk. */
export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
/** How long a claimed notification is left to its worker before another may take it. */
export const DEFAULT_LEASE_MS = 60_000;
/** Disk space the server's SQLite store holds in reserve, given up so that deleting works on a full disk. */
export const DEFAULT_RESERVE_BYTES = 8 * 1024 * 1024;
/** Messages deleted per transaction on a full disk. */
const DELETE_BATCH = 100;
const SITE_TEMPLATES = { contact: "template_contact", getStarted: "template_get_started", lead: "template_lead" };
const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));

/** The database cannot be reached now: the caller answers 503 and the visitor's browser retries. */
export class StoreUnavailableError extends Error {
  name = "StoreUnavailableError";
}

/**
 * Applies the migrations not yet applied. Kysely takes a lock first (PostgreSQL: an advisory lock),
 * so instances starting at once run each migration once; another process may be migrating the
 * same SQLite file this moment, and its work then shows on a retry.
 * @param {import("kysely").Kysely<any>} db
 * @param {string} migrationFolder
 */
async function migrate(db, migrationFolder) {
  const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }) });
  let { error } = await migrator.migrateToLatest();
  for (let i = 0; error && classifyError(error) !== "unavailable" && i < 3; i++)
    ({ error } = await migrator.migrateToLatest());
  if (error) throw error;
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const reason = (error) => safeForLog(String(error?.code ?? error?.message ?? error), 80);

/**
 * Opens the store without waiting for the database: it is reached (and migrated, and the old
 * messages.jsonl imported) on first use, and again after it was lost. With `reserveBytes`, SQLite's
 * store keeps a file of that size beside the database (inbox.db-reserve), which it deletes to
 * delete messages on a full disk (decision 035).
 * @param {{ databaseUrl?: string, dir: string, log?: (line: string) => void, maxBytes?: number,
 *   templates?: Record<string, string>, notificationChannels?: string[], reserveBytes?: number,
 *   migrationFolder?: string, now?: import("../../lib/clock.mjs").Clock }} options
 */
export function openStore({
  databaseUrl,
  dir,
  log = logLine,
  maxBytes = DEFAULT_MAX_BYTES,
  templates = SITE_TEMPLATES,
  notificationChannels = [],
  reserveBytes = 0,
  migrationFolder = MIGRATIONS,
  now = systemClock,
}) {
  /** @type {ReturnType<typeof openSqlite> | ReturnType<typeof openPostgres> | null} */
  let engine = null;
  let ready = false;
  /** @type {Promise<void> | null} */
  let connecting = null;
  let down = false;
  let full = false;
  let closed = false;
  const where = databaseUrl ? "PostgreSQL (DATABASE_URL)" : join(dir, "inbox.db");
  const reserve = databaseUrl || reserveBytes <= 0 ? null : join(dir, "inbox.db-reserve");

  /** Puts the reserve back when the disk has room for it twice over; never fails. */
  async function keepReserve() {
    if (!reserve) return;
    try {
      if ((await stat(reserve).catch(() => null))?.size === reserveBytes) return;
      const disk = await statfs(dir);
      if (disk.bavail * disk.bsize < 2 * reserveBytes) return;
      await writeFile(reserve, Buffer.alloc(reserveBytes));
    } catch {
      await rm(reserve, { force: true }).catch(() => {});
    }
  }

  async function connect() {
    if (!engine) {
      if (databaseUrl) {
        engine = openPostgres(databaseUrl, (error) =>
          log(`store: lost an idle connection to ${where}: ${reason(error)}`),
        );
      } else {
        await mkdir(dir, { recursive: true });
        engine = openSqlite(join(dir, "inbox.db"), { apart: INSIGHTS_TABLES });
        await keepReserve();
      }
    }
    if (databaseUrl) await withOwnPostgresConnection(databaseUrl, (db) => migrate(db, migrationFolder));
    else await migrate(engine.db, migrationFolder);
    await importJsonl(engine.db, {
      file: join(dir, "messages.jsonl"),
      kindOfTemplate: (id) => kindOfTemplate(id, templates),
      log,
      now,
    });
  }

  function ensureReady() {
    if (closed) return Promise.reject(new Error("The store is closed"));
    if (ready) return Promise.resolve();
    connecting ??= connect()
      .then(
        () => {
          ready = true;
        },
        async (error) => {
          // SQLite opens a file it cannot write read-only, and stays so: the next try opens it anew.
          if (!databaseUrl && engine) {
            const stale = engine;
            engine = null;
            await stale.close().catch(() => {});
          }
          throw error;
        },
      )
      .finally(() => {
        connecting = null;
      });
    return connecting;
  }

  /**
   * Runs `work` on the database; losing it is logged once, then each call fails with
   * StoreUnavailableError until it answers again.
   * @template T
   * @param {(db: import("kysely").Kysely<any>) => Promise<T>} work
   * @returns {Promise<T>}
   */
  async function run(work) {
    try {
      await ensureReady();
      const result = await work(/** @type {any} */ (engine).db);
      if (down) {
        down = false;
        log(`store: ${where} answers again; taking messages`);
      }
      return result;
    } catch (error) {
      if (classifyError(error) !== "unavailable") throw error;
      if (!down) {
        down = true;
        log(
          `store: UNAVAILABLE: cannot reach ${where} (${reason(error)}); messages are refused with 503 until it answers`,
        );
      }
      throw new StoreUnavailableError(`The store cannot reach ${where}`, { cause: error });
    }
  }

  function noteFull(why) {
    if (!full) log(`inbox: FULL: ${why}; new messages are refused until space is made`);
    full = true;
    return { id: null, status: /** @type {const} */ ("full") };
  }

  async function notificationsOf(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom("notifications").selectAll().where("message_id", "in", ids).execute();
    const byMessage = new Map(ids.map((id) => [id, []]));
    for (const r of rows) byMessage.get(r.message_id)?.push(r);
    return byMessage;
  }

  async function itemsOf(db, rows) {
    const byMessage = await notificationsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => messageItem(r, byMessage.get(r.id)));
  }

  function notificationRows(messageId, channels, now) {
    return channels.map((channel) => ({
      id: randomUUID(),
      message_id: messageId,
      channel,
      idempotency_key: `${messageId}:${channel}`,
      state: "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    }));
  }

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
      const sqlite = engine?.engine === "sqlite" ? engine : null;
      if (classifyError(error) !== "full" || !reserve || !sqlite) throw error;
      await rm(reserve, { force: true });
      log(`store: the disk is full; deleting with the space of ${reserve}`);
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

  return {
    /** The process's clock: what builds on the store (meetings, retention, the team) takes by default. */
    now,
    /** "sqlite" or "postgres" (known before the database answers). */
    engine: databaseUrl ? "postgres" : "sqlite",
    /** Where the data is, for log lines and `npm run inbox`. */
    where,
    /** The Kysely instance, for other features' own tables (their migrations go in migrations/). */
    get db() {
      return engine?.db ?? null;
    },
    /** node-postgres's pool with DATABASE_URL (for RateLimiterPostgres), else null. */
    get pool() {
      return engine?.pool ?? null;
    },
    /** Reaches the database now; throws StoreUnavailableError when it cannot. */
    ready: () => run(async () => {}),
    /** Runs `work` as the store's own calls do (StoreUnavailableError when away): other features' tables. */
    run,
    /** Asks the database a trivial question (readiness); throws when it does not answer. */
    ping: () => run((db) => sql`select 1`.execute(db)),
    /** Bytes the messages and their notifications take (what INBOX_MAX_BYTES caps). */
    sizeBytes: () => run(() => /** @type {any} */ (engine).sizeBytes()),

    /**
     * Keeps a message, and its notifications in the same transaction.
     * @param {Parameters<typeof messageRow>[0]} record
     * @param {{ channels?: string[] }} [options]
     * @returns {Promise<{ id: string | null, status: "stored" | "full" | "duplicate" }>} "duplicate": a
     *   message with the record's toolCallId is already kept
     */
    addMessage(record, { channels = notificationChannels } = {}) {
      const id = randomUUID();
      const row = messageRow(record, id);
      return run(async (db) => {
        if (maxBytes) {
          const size = await /** @type {any} */ (engine).sizeBytes();
          if (size + row.params.length > maxBytes) {
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

    /**
     * Newest first (`order: "asc"`: oldest first), with the total that matches.
     * @param {{ kind?: string, state?: string, text?: string, owner?: string, since?: string,
     *   order?: "asc" | "desc", limit?: number, offset?: number }} [query]
     */
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

    /**
     * @param {string} id
     * @param {{ state?: "open" | "answered" | "handled", note?: string | null, callSummary?: string | null,
     *   owner?: { id: string, name: string } | null }} patch
     */
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
      return run((db) => deleteWhere(db, (q) => q.where("email_key", "=", key)));
    },

    /** Deletes messages received before `date` (retention); how many. @param {Date} date */
    deleteOlderThan(date) {
      const cutoff = isoTime(date);
      if (!cutoff) throw new TypeError("deleteOlderThan needs a valid date");
      return run((db) => deleteWhere(db, (q) => q.where("received_at", "<", cutoff)));
    },

    /**
     * One pending row per channel for a message; a channel it already has is left as it is.
     * @param {string} messageId
     * @param {string[]} channels
     */
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

    /**
     * One mail of the sales team's (a reply to the visitor) into the outbox, delivered and retried
     * by the notification worker like every notification; `payload` is the mail as it will be sent.
     * @param {string} messageId
     * @param {{ channel: string, key: string, payload: Record<string, unknown> }} mail
     */
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

    /**
     * Takes up to `limit` due notifications (of one `channel`, if given) for one worker: each is
     * leased for `leaseMs` under a new claim, so another server (PostgreSQL: FOR UPDATE SKIP LOCKED)
     * or a later claim skips it until it is marked, the lease ends or is extended.
     * @param {Date} [now]
     * @param {number} [limit]
     * @param {{ leaseMs?: number, channel?: string }} [options]
     */
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
        if (engine?.engine === "postgres") due = due.forUpdate().skipLocked();
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

    /**
     * Extends a claim's lease by `leaseMs` from now, while its sends run; how many rows it still holds.
     * @param {string} claim
     * @param {number} [leaseMs]
     */
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

    /**
     * Records a delivery, or a failure with the next attempt's time (null: given up, "failed"). With
     * `claim`, only while that claim holds the row. `error` must not hold personal data: it is shown
     * by `npm run inbox`.
     * @param {string} id
     * @param {{ delivered: true } | { error: string, nextAttemptAt: Date | null }} outcome
     * @param {{ claim?: string }} [options]
     */
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

    /**
     * Whether this instance runs the periodic job `name` now: true for one caller when it is due
     * (or new), which moves its next run `everyMs` on; false for every other instance meanwhile.
     * @param {string} name
     * @param {number} everyMs
     * @param {Date} [now]
     */
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
          .select(["messages.kind", "messages.received_at", "messages.name", "messages.email"])
          .where("notifications.state", "!=", "delivered")
          .orderBy("notifications.created_at")
          .execute();
        return rows.map((r) => ({
          ...notificationItem(r),
          message: { id: r.message_id, kind: r.kind, receivedAt: r.received_at, name: r.name, email: r.email },
        }));
      });
    },

    async close() {
      closed = true;
      await connecting?.catch(() => {});
      await engine?.close();
      engine = null;
    },
  };
}
