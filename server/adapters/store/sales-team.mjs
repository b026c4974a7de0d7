// Salespeople's accounts and sessions, and through message-events.mjs each action on a message. Session ids and
// setup tokens are kept only as SHA-256 hashes, so a copy of the database logs nobody in (decision 040).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { emailKey } from "./records.mjs";
import { createMessageEvents } from "./message-events.mjs";
import { systemClock } from "../../lib/clock.mjs";

/** How long a one-time link of `npm run admin:user` lets its salesperson choose a password. */
export const SETUP_LINK_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's idle clock is written at most this often (a page polls every few seconds). */
const TOUCH_EVERY_MS = 60_000;

export const sha256 = (text) => createHash("sha256").update(String(text)).digest("hex");
/** A secret for a cookie or a link: 256 random bits. */
export const newToken = () => randomBytes(32).toString("base64url");

/** An account's last visit, in the store's own key-value table (the first account has no row). */
const setLastSeen = (conn, accountId, at) =>
  conn
    .insertInto("store_meta")
    .values({ key: `admin_last_seen:${accountId}`, value: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: at }))
    .execute();

const accountItem = (row) =>
  row
    ? {
        id: row.id,
        name: row.name,
        email: row.email,
        passwordHash: row.password_hash ?? null,
        createdAt: row.created_at,
      }
    : null;

/** @param {ReturnType<typeof import("./index.mjs").openStore>} store @param {{ now?: () => Date }} [options] */
export function createSalesTeam(store, { now = store.now ?? systemClock } = {}) {
  const db = async () => {
    await store.ready();
    return /** @type {import("kysely").Kysely<any>} */ (store.db);
  };
  const iso = () => now().toISOString();

  return {
    /** Without a password: the one-time token lets them choose one; null when the address has an account.
     * @param {{ name: string, email: string }} person @returns {Promise<{ account: NonNullable<ReturnType<typeof accountItem>>, token: string } | null>} */
    async addAccount({ name, email }) {
      const conn = await db();
      const key = emailKey(email);
      const existing = await conn
        .selectFrom("admin_accounts")
        .select("id")
        .where("email_key", "=", key)
        .executeTakeFirst();
      if (existing) return null;
      const token = newToken();
      const row = {
        id: randomUUID(),
        name: name.trim(),
        email: email.trim(),
        email_key: key,
        password_hash: null,
        setup_token_hash: sha256(token),
        setup_expires_at: new Date(now().getTime() + SETUP_LINK_MS).toISOString(),
        created_at: iso(),
      };
      await conn.insertInto("admin_accounts").values(row).execute();
      return { account: accountItem(row), token };
    },

    /** A new one-time link for a salesperson who forgot the password; their sessions end. */
    async resetAccount(email) {
      const conn = await db();
      const row = await conn
        .selectFrom("admin_accounts")
        .selectAll()
        .where("email_key", "=", emailKey(email))
        .executeTakeFirst();
      if (!row) return null;
      const token = newToken();
      await conn
        .updateTable("admin_accounts")
        .set({
          password_hash: null,
          setup_token_hash: sha256(token),
          setup_expires_at: new Date(now().getTime() + SETUP_LINK_MS).toISOString(),
        })
        .where("id", "=", row.id)
        .execute();
      await conn.deleteFrom("admin_sessions").where("account_id", "=", row.id).execute();
      return { account: accountItem(row), token };
    },

    /** Removes a salesperson and ends their sessions; their past actions keep their name. */
    async removeAccount(email) {
      const conn = await db();
      const row = await conn
        .selectFrom("admin_accounts")
        .select("id")
        .where("email_key", "=", emailKey(email))
        .executeTakeFirst();
      if (!row) return false;
      await conn.deleteFrom("admin_sessions").where("account_id", "=", row.id).execute();
      await conn.deleteFrom("admin_accounts").where("id", "=", row.id).execute();
      return true;
    },

    async listAccounts() {
      const conn = await db();
      const rows = await conn.selectFrom("admin_accounts").selectAll().orderBy("name").execute();
      return rows.map(accountItem);
    },

    async accountByEmail(email) {
      const conn = await db();
      return accountItem(
        await conn.selectFrom("admin_accounts").selectAll().where("email_key", "=", emailKey(email)).executeTakeFirst(),
      );
    },

    async accountById(id) {
      const conn = await db();
      return accountItem(await conn.selectFrom("admin_accounts").selectAll().where("id", "=", id).executeTakeFirst());
    },

    async accountBySetupToken(token) {
      const conn = await db();
      const row = await conn
        .selectFrom("admin_accounts")
        .selectAll()
        .where("setup_token_hash", "=", sha256(token))
        .where("setup_expires_at", ">", iso())
        .executeTakeFirst();
      return accountItem(row);
    },

    /** A new password (its hash): the one-time token is spent and every session of the account ends. */
    async setPassword(accountId, passwordHash) {
      const conn = await db();
      await conn
        .updateTable("admin_accounts")
        .set({ password_hash: passwordHash, setup_token_hash: null, setup_expires_at: null })
        .where("id", "=", accountId)
        .execute();
      await conn.deleteFrom("admin_sessions").where("account_id", "=", accountId).execute();
    },

    /** A new session: the token for the cookie (only its hash is kept); `since`: the last visit, for the "new" marks.
     * @param {{ accountId: string, credential: string, maxMs: number, since?: string | null }} session */
    async createSession({ accountId, credential, maxMs, since = null }) {
      const conn = await db();
      const at = iso();
      await conn.deleteFrom("admin_sessions").where("expires_at", "<=", at).execute();
      const token = newToken();
      await conn
        .insertInto("admin_sessions")
        .values({
          id_hash: sha256(token),
          account_id: accountId,
          credential,
          created_at: at,
          seen_at: at,
          expires_at: new Date(now().getTime() + maxMs).toISOString(),
          since,
        })
        .execute();
      return token;
    },

    /** The session a cookie's token names, if any (expired or not: the caller decides). */
    async findSession(token) {
      if (typeof token !== "string" || token.length < 20 || token.length > 100) return null;
      const conn = await db();
      const row = await conn
        .selectFrom("admin_sessions")
        .selectAll()
        .where("id_hash", "=", sha256(token))
        .executeTakeFirst();
      return row
        ? {
            idHash: row.id_hash,
            accountId: row.account_id,
            credential: row.credential,
            createdAt: row.created_at,
            seenAt: row.seen_at,
            expiresAt: row.expires_at,
            since: row.since ?? null,
          }
        : null;
    },

    /** The session was used now: its idle clock (and the account's last visit) starts again. */
    async touchSession(session) {
      const t = now();
      if (t.getTime() - Date.parse(session.seenAt) < TOUCH_EVERY_MS) return;
      const conn = await db();
      await conn
        .updateTable("admin_sessions")
        .set({ seen_at: t.toISOString() })
        .where("id_hash", "=", session.idHash)
        .execute();
      await setLastSeen(conn, session.accountId, t.toISOString());
    },

    async endSession(token) {
      if (typeof token !== "string") return;
      const conn = await db();
      await conn.deleteFrom("admin_sessions").where("id_hash", "=", sha256(token)).execute();
    },

    async endSessionByHash(idHash) {
      const conn = await db();
      await conn.deleteFrom("admin_sessions").where("id_hash", "=", idHash).execute();
    },

    /** The last visit the account had before now (for a new session's `since`), then now. */
    async visit(accountId, fallback) {
      const conn = await db();
      const key = `admin_last_seen:${accountId}`;
      const row = await conn.selectFrom("store_meta").select("value").where("key", "=", key).executeTakeFirst();
      await setLastSeen(conn, accountId, iso());
      return row?.value ?? fallback ?? null;
    },

    ...createMessageEvents(db, { now, changed: store.changed }),
  };
}
