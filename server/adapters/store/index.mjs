// The store, the only module that talks to a database: SQLite in the inbox folder or, with DATABASE_URL,
// PostgreSQL shared by every server (decision 021); its parts by capability: decision 065.
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { DEFAULT_TEMPLATE_IDS } from "#common/message-kinds.mjs";
import { openConnection, reason } from "./connection.mjs";
import { createMessages } from "./messages.mjs";
import { createPersonalData } from "./personal-data.mjs";
import { createQueue } from "./queue.mjs";
import { createLiveEvents } from "./live-events.mjs";
import { postgresTransport } from "./live-listener.mjs";
import { logLine } from "../../lib/logger.mjs";
import { systemClock } from "../../lib/clock.mjs";

export { StoreUnavailableError } from "./connection.mjs";
export { DEFAULT_LEASE_MS } from "./queue.mjs";

/** Default cap of the data kept (INBOX_MAX_BYTES): thousands of real messages, not a full disk. */
export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
/** Disk space the server's SQLite store holds in reserve, given up so that deleting works on a full disk. */
export const DEFAULT_RESERVE_BYTES = 8 * 1024 * 1024;
const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));

/** Opens the store without waiting for the database (connection.mjs); `reserveBytes`: decision 035.
 * @param {{ databaseUrl?: string, dir: string, log?: (line: string) => void, maxBytes?: number, templates?: Record<string, string>,
 *   notificationChannels?: string[], reserveBytes?: number, migrationFolder?: string, now?: import("../../lib/clock.mjs").Clock }} options */
export function openStore({
  databaseUrl,
  dir,
  log = logLine,
  maxBytes = DEFAULT_MAX_BYTES,
  templates = DEFAULT_TEMPLATE_IDS,
  notificationChannels = [],
  reserveBytes = 0,
  migrationFolder = MIGRATIONS,
  now = systemClock,
}) {
  const connection = openConnection({ databaseUrl, dir, log, templates, reserveBytes, migrationFolder, now });
  const { run, where } = connection;
  const writes = new Set();
  const changed = (/** @type {string} */ kind, /** @type {object} */ data) => {
    for (const listener of writes) {
      try {
        listener(kind, data);
      } catch (error) {
        log(`store: a listener of its writes failed: ${reason(error)}`);
      }
    }
  };
  const live = createLiveEvents(connection, { now });

  return {
    /** The process's clock: what builds on the store (meetings, retention, the team) takes by default. */
    now,
    /** "sqlite" or "postgres" (known before the database answers). */
    engine: databaseUrl ? "postgres" : "sqlite",
    where,
    /** The Kysely instance, for other features' own tables (their migrations go in migrations/). */
    get db() {
      return connection.engine?.db ?? null;
    },
    /** node-postgres's pool with DATABASE_URL (for RateLimiterPostgres), else null. */
    get pool() {
      return connection.engine?.pool ?? null;
    },
    /** Reaches the database now; throws StoreUnavailableError when it cannot. */
    ready: () => run(async () => {}),
    /** Runs `work` as the store's own calls do (StoreUnavailableError when away): other features' tables. */
    run,
    ping: () => run((db) => sql`select 1`.execute(db)),
    /** Bytes the messages and their notifications take (what INBOX_MAX_BYTES caps). */
    sizeBytes: () => run(() => /** @type {any} */ (connection.engine).sizeBytes()),

    ...createMessages(connection, { log, maxBytes, notificationChannels, changed }),
    ...live,
    /** Tells `listener` of each write the team's page shows (decision 072); returns the way to stop. */
    onChange(/** @type {(kind: string, data: object) => void} */ listener) {
      writes.add(listener);
      return () => void writes.delete(listener);
    },
    changed,
    liveTransport: () => (databaseUrl ? postgresTransport({ databaseUrl, notify: live.notifyLive, log }) : null),
    ...createPersonalData(connection),
    ...createQueue(connection, { now }),
    close: connection.close,
  };
}
