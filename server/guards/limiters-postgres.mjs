import { RateLimiterPostgres } from "rate-limiter-flexible";
import { openPostgres } from "../adapters/store/engines.mjs";
import { logLine } from "../lib/logger.mjs";

/** The table every shared limiter counts in, its keys prefixed by the limiter's keyPrefix. */
export const LIMITS_TABLE = "rate_limits";
/** After PostgreSQL failed a count, the limits count in memory this long before asking it again. */
export const MEMORY_AFTER_FAILURE_MS = 5000;
/** A count PostgreSQL has not answered in this long, once it has a connection, is made in memory. */
export const COUNT_WAIT_MS = 3000;

/**
 * The process's pool of each database (the store's too: engines.mjs shares it), held by the
 * limiters, and until when they all count in memory after one of them saw it fail.
 * @type {Map<string, { engine: ReturnType<typeof openPostgres>, memoryUntil: number }>}
 */
const engines = new Map();
function databaseFor(databaseUrl) {
  let database = engines.get(databaseUrl);
  if (!database) {
    database = { engine: openPostgres(databaseUrl, () => {}), memoryUntil: 0 };
    engines.set(databaseUrl, database);
  }
  return database;
}

/** Lets the limiters' hold on the pools go (tests, shutdown). */
export async function closeLimiterPools() {
  await Promise.all([...engines.values()].map((d) => d.engine.close()));
  engines.clear();
}

/**
 * A limiter counted in PostgreSQL (rate-limiter-flexible's RateLimiterPostgres), so every
 * instance of the site shares it. While the database does not answer, `insurance` (a memory
 * limiter) counts instead: a count it has not answered in COUNT_WAIT_MS on a connection (the pool's
 * own wait for one is bounded), and every limiter's
 * count for MEMORY_AFTER_FAILURE_MS after a failure; the table is created again on the next request.
 * @param {{ databaseUrl: string, insurance: any, keyPrefix?: string, points: number, duration: number,
 *   log?: (line: string) => void }} options
 */
export function createPostgresLimiter({ databaseUrl, insurance, log = logLine, ...options }) {
  const database = databaseFor(databaseUrl);
  const { pool } = database.engine;
  const failed = (error) => {
    database.memoryUntil = Date.now() + MEMORY_AFTER_FAILURE_MS;
    throw error;
  };
  // A connection as the pool gives one (its own wait is bounded), then the count bounded apart:
  // a connection whose count did not answer in time is dropped, not handed on.
  const storeClient = {
    query: async (/** @type {any[]} */ ...args) => {
      const client = await pool.connect().catch(failed);
      let timer;
      let late = false;
      try {
        return await Promise.race([
          client.query(...args),
          new Promise((_, reject) => {
            timer = setTimeout(() => {
              late = true;
              reject(Object.assign(new Error("count timed out"), { code: "ETIMEDOUT" }));
            }, COUNT_WAIT_MS);
          }),
        ]);
      } catch (error) {
        return failed(error);
      } finally {
        clearTimeout(timer);
        client.release(late || undefined);
      }
    },
  };
  /** @type {Promise<RateLimiterPostgres> | null} */
  let ready = null;
  let down = false;
  const limiter = () =>
    (ready ??= new Promise((resolve, reject) => {
      const l = new RateLimiterPostgres(
        { ...options, storeClient, storeType: "pool", tableName: LIMITS_TABLE, insuranceLimiter: insurance },
        (error) => (error ? reject(error) : resolve(l)),
      );
    }).catch((error) => {
      ready = null;
      throw error;
    }));

  /** @param {"consume" | "penalty" | "reward" | "get" | "delete" | "block"} method */
  const call =
    (method) =>
    async (...args) => {
      if (Date.now() < database.memoryUntil) return insurance[method](...args);
      let l;
      try {
        l = await limiter();
        if (down) log("limits: PostgreSQL answers again; counting there");
        down = false;
      } catch (error) {
        if (!down) log(`limits: PostgreSQL unreachable (${error?.code ?? error?.name}); counting in memory`);
        down = true;
        return insurance[method](...args);
      }
      return l[method](...args);
    };
  return {
    consume: call("consume"),
    penalty: call("penalty"),
    reward: call("reward"),
    get: call("get"),
    delete: call("delete"),
    block: call("block"),
    size: () => insurance.size(),
  };
}
