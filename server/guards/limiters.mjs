import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { createPostgresLimiter } from "./limiters-postgres.mjs";

/** About 200 bytes a key, so some 20 MB at the bound (decision 020). */
export const DEFAULT_MAX_KEYS = 100_000;

// Bounded, unlike the library's own MemoryStorage, which also sets a timer per key (decision 020).
class BoundedStorage {
  constructor(maxKeys) {
    this.maxKeys = maxKeys;
    /** @type {Map<string, { value: number, expiresAt: number | null }>} */
    this._storage = new Map();
  }

  #live(key) {
    const record = this._storage.get(key);
    if (record && record.expiresAt !== null && record.expiresAt <= Date.now()) {
      this._storage.delete(key);
      return undefined;
    }
    return record;
  }

  incrby(key, value, durationSec) {
    const record = this.#live(key);
    if (!record) return this.set(key, value, durationSec);
    record.value += value;
    return new RateLimiterRes(0, record.expiresAt ? record.expiresAt - Date.now() : -1, record.value, false);
  }

  set(key, value, durationSec) {
    const durationMs = durationSec * 1000;
    this._storage.delete(key);
    if (this._storage.size >= this.maxKeys) this.#evict();
    this._storage.set(key, { value: Math.trunc(value), expiresAt: durationMs > 0 ? Date.now() + durationMs : null });
    return new RateLimiterRes(0, durationMs === 0 ? -1 : durationMs, Math.trunc(value), true);
  }

  #evict() {
    const now = Date.now();
    // Keys are in the order they were set, which with one duration is the order they expire in.
    for (const [key, record] of this._storage) {
      if (this._storage.size < this.maxKeys) return;
      if (record.expiresAt !== null && record.expiresAt <= now) this._storage.delete(key);
      else break;
    }
    if (this._storage.size >= this.maxKeys) this._storage.delete(this._storage.keys().next().value);
  }

  get(key) {
    const record = this.#live(key);
    return record
      ? new RateLimiterRes(0, record.expiresAt ? record.expiresAt - Date.now() : -1, record.value, false)
      : null;
  }

  delete(key) {
    return this._storage.delete(key);
  }

  get size() {
    return this._storage.size;
  }
}

/** Shared by every instance with `databaseUrl`, else in bounded memory. @returns {RateLimiterMemory & { size(): number }}
 * @param {{ keyPrefix?: string, points: number, duration: number, maxKeys?: number, databaseUrl?: string }} options */
export function createLimiter({ maxKeys = DEFAULT_MAX_KEYS, databaseUrl = process.env.DATABASE_URL, ...options }) {
  const limiter = new RateLimiterMemory(options);
  const storage = new BoundedStorage(maxKeys);
  /** @type {any} */ (limiter)._memoryStorage = storage;
  const memory = Object.assign(limiter, { size: () => storage.size });
  if (!databaseUrl) return memory;
  return /** @type {any} */ (createPostgresLimiter({ ...options, databaseUrl, insurance: memory }));
}

export const secondsUntil = (res) => Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000));
