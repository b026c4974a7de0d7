import { RateLimiterPostgres } from "rate-limiter-flexible";
import { openPostgres } from "../adapters/store/engines.mjs";

/** The table every shared limiter counts in, its keys prefixed by the limiter's keyPrefix. */
export const LIMITS_TABLE = "rate_limits";

/** One pool per database for all of a process's limiters, opened by the store's engine module. */
const engines = new Map();
function poolFor(databaseUrl) {
  let engine = engines.get(databaseUrl);
  if (!engine) {
    engine = openPostgres(databaseUrl, () => {});
    engines.set(databaseUrl, engine);
  }
  return engine.pool;
}

/** Ends the pools (tests, shutdown). */
export async function closeLimiterPools() {
  await Promise.all([...engines.values()].map((e) => e.close()));
  engines.clear();
}

/**
 * A limiter counted in PostgreSQL (rate-limiter-flexible's RateLimiterPostgres), so every
 * instance of the site shares it. While the database does not answer, `insurance` (a memory
 * limiter) counts instead, and the table is created again on the next request.
 * @param {{ databaseUrl: string, insurance: any, keyPrefix?: string, points: number, duration: number,
 *   log?: (line: string) => void }} options
 */
export function createPostgresLimiter({ databaseUrl, insurance, log = console.log, ...options }) {
  const storeClient = poolFor(databaseUrl);
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
