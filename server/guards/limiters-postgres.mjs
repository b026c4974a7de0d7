import { RateLimiterPostgres } from "rate-limiter-flexible";
import { openPostgres } from "../adapters/store/engines.mjs";
import { logLine } from "../lib/logger.mjs";

export const LIMITS_TABLE = "rate_limits";
// Decision 053's waits: all in memory for 5 s after a failure, a count not answered in 3 s too.
export const MEMORY_AFTER_FAILURE_MS = 5000;
export const COUNT_WAIT_MS = 3000;

/** One pool per database, the store's (decision 053). @type {Map<string, { engine: ReturnType<typeof openPostgres>, memoryUntil: number }>} */
const engines = new Map();
function databaseFor(databaseUrl) {
  let database = engines.get(databaseUrl);
  if (!database) {
    database = { engine: openPostgres(databaseUrl, () => {}), memoryUntil: 0 };
    engines.set(databaseUrl, database);
  }
  return database;
}

export async function closeLimiterPools() {
  await Promise.all([...engines.values()].map((d) => d.engine.close()));
  engines.clear();
}

/** `insurance`, a memory limiter, counts while PostgreSQL does not answer. @param {{ databaseUrl: string, insurance: any,
 *   keyPrefix?: string, points: number, duration: number, log?: (line: string) => void }} options */
export function createPostgresLimiter({ databaseUrl, insurance, log = logLine, ...options }) {
  const database = databaseFor(databaseUrl);
  const { pool } = database.engine;
  const failed = (error) => {
    database.memoryUntil = Date.now() + MEMORY_AFTER_FAILURE_MS;
    throw error;
  };
  // A connection whose count did not answer in time is dropped, not handed on.
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
