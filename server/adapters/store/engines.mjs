// The only importer of better-sqlite3 and pg (decision 021): SQLite by default, PostgreSQL with DATABASE_URL.
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";

/** Each commit fsync'd, so a 200 survives a power cut; WAL lets `npm run inbox` write beside the server (021).
 * @param {string} file @param {{ apart?: string[] }} [options] tables with a bound of their own, left out of sizeBytes */
export function openSqlite(file, { apart = [] } = {}) {
  const database = new Database(file, { timeout: 5000 });
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  try {
    // A file SQLite cannot write is opened read-only, and stays so: fail now, so the next try reopens it.
    database.pragma(`user_version = ${Number(database.pragma("user_version", { simple: true }))}`);
  } catch (error) {
    database.close();
    throw error;
  }
  const db = new Kysely({ dialect: new SqliteDialect({ database }) });
  const apartTrees = database.prepare(
    `select name from sqlite_schema where tbl_name in (${apart.map(() => "?").join(",") || "null"}) and rootpage > 0`,
  );
  const treeBytes = database.prepare("select sum(pgsize) as bytes from dbstat where name = ? and aggregate = 1");
  return {
    engine: /** @type {const} */ ("sqlite"),
    db,
    pool: null,
    /** Writes the WAL back into the file and empties it (frees the WAL's disk space). */
    checkpoint: () => database.pragma("wal_checkpoint(TRUNCATE)"),
    /** Free pages are reused, so they do not count; nor do the `apart` tables' (dbstat walks only those: bounded). */
    async sizeBytes() {
      const pages =
        database.pragma("page_count", { simple: true }) - database.pragma("freelist_count", { simple: true });
      let apartBytes = 0;
      for (const { name } of apartTrees.all(...apart)) apartBytes += Number(treeBytes.get(name)?.bytes ?? 0);
      return Number(pages) * Number(database.pragma("page_size", { simple: true })) - apartBytes;
    },
    close: () => db.destroy(),
  };
}

export const POOL_SIZE = 20;

/** Past these the caller answers 503 and the visitor's browser keeps the message (decision 053). */
export const POSTGRES_TIMEOUTS = { connectMs: 3000, statementMs: 3000, answerMs: 3500 };

/** @param {string} connectionString */
function createPostgres(connectionString) {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.answerMs,
    idle_in_transaction_session_timeout: 2 * POSTGRES_TIMEOUTS.answerMs,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // A lost connection's query fails on its own; unheard, its error event would end the process.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

/** @type {Map<string, { db: Kysely<any>, pool: pg.Pool, users: number }>} */
const shared = new Map();

/** One pool per database for the store and the limits (RateLimiterPostgres's storeClient), ended by its last user.
 * @param {string} connectionString @param {(error: Error) => void} onIdleError */
export function openPostgres(connectionString, onIdleError) {
  let entry = shared.get(connectionString);
  if (!entry) {
    entry = { ...createPostgres(connectionString), users: 0 };
    shared.set(connectionString, entry);
  }
  entry.users++;
  const { db, pool } = entry;
  pool.on("error", onIdleError);
  let closed = false;
  return {
    engine: /** @type {const} */ ("postgres"),
    db,
    pool,
    async sizeBytes() {
      const { rows } =
        await sql`select pg_total_relation_size('messages') + pg_total_relation_size('notifications') as bytes`.execute(
          db,
        );
      return Number(/** @type {any} */ (rows[0]).bytes);
    },
    async close() {
      if (closed) return;
      closed = true;
      pool.off("error", onIdleError);
      if (--entry.users > 0) return;
      shared.delete(connectionString);
      await db.destroy();
    },
  };
}

/** A connection of its own for LISTEN (decision 072): outside the pool, so a statement never waits behind it.
 * @param {string} connectionString @param {string} applicationName */
export function postgresClient(connectionString, applicationName) {
  return new pg.Client({
    connectionString,
    application_name: applicationName,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    query_timeout: POSTGRES_TIMEOUTS.answerMs,
    keepAlive: true,
  });
}

/** Without the timeouts: a long migration, or waiting for another instance's, must not be cut off.
 * @template T @param {string} connectionString @param {(db: Kysely<any>) => Promise<T>} work */
export async function withOwnPostgresConnection(connectionString, work) {
  const pool = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs });
  pool.on("error", () => {});
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "3D000", // the database does not exist
  "57014", // a statement ran past POSTGRES_TIMEOUTS.statementMs
  "SQLITE_BUSY",
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
  "SQLITE_READONLY",
  "EACCES",
  "EROFS",
]);

/** "unavailable" (503, try later), "full", "duplicate" (a unique value), or null. @param {any} error */
export function classifyError(error) {
  const code = String(error?.code ?? "");
  if (code === "53100" || code.startsWith("SQLITE_FULL") || code === "ENOSPC") return "full";
  if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") return "duplicate";
  if (UNAVAILABLE_CODES.has(code) || code.startsWith("08") || code.startsWith("SQLITE_IOERR")) return "unavailable";
  const message = String(error?.message ?? "");
  if (
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Query read timeout/i.test(
      message,
    )
  )
    return "unavailable";
  return null;
}

/** A failed rollback is ignored so the cause shows: SQLite has already rolled back after SQLITE_FULL.
 * @template T @param {import("kysely").Kysely<any>} db @param {(trx: import("kysely").Transaction<any>) => Promise<T>} work */
export async function inTransaction(db, work) {
  const trx = await db.startTransaction().execute();
  try {
    const result = await work(trx);
    await trx.commit().execute();
    return result;
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => {});
    throw error;
  }
}
