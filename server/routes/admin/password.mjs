import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";

/** scrypt's cost, one of OWASP's equivalent minimums: 64 MiB and two passes (decision 023). */
const COST = { N: 2 ** 16, r: 8, p: 2 };
const KEY_BYTES = 32;
const MAX_MEM = 160 * 1024 * 1024;

const derive = (password, salt, { N, r, p }) =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_BYTES, { N, r, p, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** `scrypt$N$r$p$salt$key`, salt and key base64url: the cost can rise without breaking old hashes (decision 023).
 * @param {string} password @param {{ N: number, r: number, p: number }} [cost] lower only in tests */
export async function hashPassword(password, cost = COST) {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** The parts of a hash, or null when it is not one `hashPassword` makes. */
export function parseHash(hash) {
  const parts = String(hash ?? "")
    .trim()
    .split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], "base64url");
  const key = Buffer.from(parts[5], "base64url");
  const valid = [N, r, p].every((n) => Number.isInteger(n) && n > 0) && (N & (N - 1)) === 0 && N <= 2 ** 20;
  if (!valid || salt.length < 16 || key.length !== KEY_BYTES) return null;
  return { cost: { N, r, p }, salt, key };
}

/** The whole key is derived and compared in constant time. @param {string} password @param {NonNullable<ReturnType<typeof parseHash>>} parsed */
export async function verifyPassword(password, parsed) {
  const key = await derive(String(password), parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.key);
}

/** Password checks run at once (each holds a libuv thread for ~0.5 s) and may wait (decision 040). */
export const CHECK_LIMITS = { concurrency: 2, maxWaiting: 16 };

/** Bounded, so the thread pool keeps threads for files and pages (decision 040). @param {{ concurrency?: number, maxWaiting?: number }} [limits] */
export function createCheckQueue({
  concurrency = CHECK_LIMITS.concurrency,
  maxWaiting = CHECK_LIMITS.maxWaiting,
} = {}) {
  const limit = pLimit(concurrency);
  return {
    /** @template T @param {() => Promise<T>} check @returns {Promise<T | null>} */
    run(check) {
      if (limit.pendingCount >= maxWaiting) return Promise.resolve(null);
      return limit(check);
    },
    get active() {
      return limit.activeCount;
    },
  };
}

/** A short fingerprint of a password hash: a session made under it ends when the hash changes. */
export const credentialOf = (hash) => createHash("sha256").update(String(hash)).digest("hex").slice(0, 32);
