// The engine opened on first use and again after it was lost, and SQLite's reserve of disk (decision 035).
import { promises as fs } from "node:fs";
import { mkdir, rm, stat, statfs, writeFile } from "node:fs/promises";
import path, { join } from "node:path";
import { FileMigrationProvider, Migrator } from "kysely";
import { safeForLog } from "../../lib/log-safe.mjs";
import { classifyError, openPostgres, openSqlite, withOwnPostgresConnection } from "./engines.mjs";
import { importJsonl } from "./import-jsonl.mjs";
import { INSIGHTS_TABLES } from "./insights.mjs";
import { CONVERSATION_TABLES } from "./conversations.mjs";
import { kindOfTemplate } from "#common/message-kinds.mjs";

/** The database cannot be reached now: the caller answers 503 and the visitor's browser retries. */
export class StoreUnavailableError extends Error {
  name = "StoreUnavailableError";
}

export const reason = (error) => safeForLog(String(error?.code ?? error?.message ?? error), 80);

/** Retried: another process may be migrating the same SQLite file (PostgreSQL's advisory lock makes it wait).
 * @param {import("kysely").Kysely<any>} db @param {string} migrationFolder */
async function migrate(db, migrationFolder) {
  const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }) });
  let { error } = await migrator.migrateToLatest();
  for (let i = 0; error && classifyError(error) !== "unavailable" && i < 3; i++)
    ({ error } = await migrator.migrateToLatest());
  if (error) throw error;
}

/** The connection, not waiting for the database; `reserveBytes`: a file beside SQLite's, deleted to delete on a full disk.
 * @param {{ databaseUrl?: string, dir: string, log: (line: string) => void, templates: Record<string, string>,
 *   reserveBytes: number, migrationFolder: string, now: import("../../lib/clock.mjs").Clock }} options */
export function openConnection({ databaseUrl, dir, log, templates, reserveBytes, migrationFolder, now }) {
  /** @type {ReturnType<typeof openSqlite> | ReturnType<typeof openPostgres> | null} */
  let engine = null;
  let ready = false;
  /** @type {Promise<void> | null} */
  let connecting = null;
  let down = false;
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
        engine = openSqlite(join(dir, "inbox.db"), { apart: [...INSIGHTS_TABLES, ...CONVERSATION_TABLES] });
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

  /** Losing the database is logged once; each call then fails with StoreUnavailableError until it answers again.
   * @template T @param {(db: import("kysely").Kysely<any>) => Promise<T>} work @returns {Promise<T>} */
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

  return {
    where,
    run,
    keepReserve,
    /** The open engine (inside run(): never null), for what depends on it. */
    get engine() {
      return engine;
    },
    /** On a full disk: deletes the reserve and gives SQLite's engine to delete with, else null. */
    async spendReserve() {
      const sqlite = engine?.engine === "sqlite" ? engine : null;
      if (!reserve || !sqlite) return null;
      await rm(reserve, { force: true });
      log(`store: the disk is full; deleting with the space of ${reserve}`);
      return sqlite;
    },
    async close() {
      closed = true;
      await connecting?.catch(() => {});
      await engine?.close();
      engine = null;
    },
  };
}
