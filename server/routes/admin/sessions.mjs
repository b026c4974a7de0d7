import { credentialOf } from "./password.mjs";

/** A salesperson's session ends after 30 minutes without a request, and 8 hours after login in any case. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** The account of ADMIN_PASSWORD_HASH: it logs in without an e-mail address (decision 040). */
export const FIRST_ACCOUNT_ID = "admin";

/** In the store, which keeps the token's hash and a fingerprint of the password hash (decision 040).
 * @param {{ team: ReturnType<typeof import("../../adapters/store/sales-team.mjs").createSalesTeam>, firstAccount: { id: string, name: string,
 *   email: string, passwordHash: string }, idleMs?: number, maxMs?: number, now?: () => number }} options */
export function createSessions({
  team,
  firstAccount,
  idleMs = SESSION_IDLE_MS,
  maxMs = SESSION_MAX_MS,
  now = Date.now,
}) {
  const accountOf = async (id) => (id === firstAccount.id ? firstAccount : await team.accountById(id));

  return {
    maxMs,
    accountOf,
    /** A new session for an account whose password was just checked: the cookie's token. */
    async create(account) {
      // New to this salesperson: what came after their last visit (the first: after this login).
      const since = await team.visit(account.id, new Date(now()).toISOString());
      return team.createSession({
        accountId: account.id,
        credential: credentialOf(account.passwordHash),
        maxMs,
        since,
      });
    },
    /** The live session a token names, with its account, or null; its idle clock starts again. @param {unknown} token */
    async check(token) {
      const session = await team.findSession(token);
      if (!session) return null;
      const t = now();
      const idle = t - Date.parse(session.seenAt) >= idleMs;
      const old = t >= Date.parse(session.expiresAt);
      const account = idle || old ? null : await accountOf(session.accountId);
      if (!account?.passwordHash || credentialOf(account.passwordHash) !== session.credential) {
        await team.endSessionByHash(session.idHash);
        return null;
      }
      await team.touchSession(session);
      return { session, account };
    },
    /** @param {unknown} token */
    end: (token) => team.endSession(token),
  };
}
