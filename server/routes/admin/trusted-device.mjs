// A browser a salesperson has logged in from before (OWASP's "device cookie" against lockout):
// its logins count under a limit of their own, so guesses from strangers never lock it out.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "__Host-admin_device";
export const DEV_DEVICE_COOKIE = "admin_device";
/** How long a browser stays known after its last login. */
export const DEVICE_MAX_AGE_S = 90 * 24 * 3600;

// Keyed by the account's password hash: a new password forgets every browser of the account.
const signature = (/** @type {{ id: string, passwordHash: string }} */ account, /** @type {string} */ nonce) =>
  createHmac("sha256", account.passwordHash).update(`admin-device:${account.id}:${nonce}`).digest();

/** The cookie's value for a browser that just logged in to `account`. */
export function deviceToken(/** @type {{ id: string, passwordHash: string }} */ account) {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${signature(account, nonce).toString("base64url")}`;
}

/** The browser's id when `deviceToken` gave `token` for `account`, else null.
 * @param {unknown} token @param {{ id: string, passwordHash?: string | null } | null} account */
export function trustedDevice(token, account) {
  if (typeof token !== "string" || !account?.passwordHash || token.length > 200) return null;
  const [nonce, sig, ...rest] = token.split(".");
  if (!nonce || !sig || rest.length) return null;
  const expected = signature(/** @type {any} */ (account), nonce);
  const given = Buffer.from(sig, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
