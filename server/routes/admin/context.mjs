// What every group of the operator's API shares (decision 065).
import { setCookie } from "hono/cookie";
import { createSalesTeam } from "../../adapters/store/sales-team.mjs";
import { clientIp } from "../../guards/client-ip.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";
import { createCheckQueue } from "./password.mjs";
import { createSessions, FIRST_ACCOUNT_ID } from "./sessions.mjs";
import { DEV_DEVICE_COOKIE, DEVICE_COOKIE } from "./trusted-device.mjs";
import { systemClock } from "../../lib/clock.mjs";

/** The cookie: `__Host-` (Secure, Path=/, no Domain) unless NODE_ENV=development (decision 040). */
export const SESSION_COOKIE = "__Host-admin_session";
export const DEV_SESSION_COOKIE = "admin_session";
/** Passwords a salesperson may choose: as `npm run admin:hash` asks. */
export const MIN_PASSWORD = 12;

/** The store is there but answered with an error: the page says the database cannot be reached. */
export const unavailable = (c) => c.json({ error: "store-unavailable" }, 503);

/** Made once mountAdmin's hash parsed. @param {import("./admin.mjs").AdminOptions} options @param {{ log: (line: string) => void }} extra */
export function createAdminContext(options, { log }) {
  const { store, copy, trustProxy, now = store?.now ?? systemClock } = options;
  const team = options.team ?? (store ? createSalesTeam(store, { now }) : null);
  const firstAccount = {
    id: FIRST_ACCOUNT_ID,
    name: copy?.firstAccountName ?? "Administratör",
    email: "",
    passwordHash: /** @type {string} */ (options.passwordHash).trim(),
  };
  const sessions = team ? createSessions({ team, firstAccount, now: options.clock ?? (() => now().getTime()) }) : null;
  const cookieName = options.development ? DEV_SESSION_COOKIE : SESSION_COOKIE;

  /** Runs a store call; the page gets 503 when the store is missing or fails. */
  const withStore = (handler) => async (c) => {
    if (!store || !team) return unavailable(c);
    try {
      return await handler(c);
    } catch (error) {
      log(`admin: the store failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
  };

  const startSession = async (c, account) => {
    const token = await /** @type {any} */ (sessions).create(account);
    setCookie(c, cookieName, token, {
      httpOnly: true,
      secure: !options.development,
      sameSite: "Strict",
      path: "/",
      maxAge: Math.floor(/** @type {any} */ (sessions).maxMs / 1000),
    });
  };

  const actorOf = (c) => {
    const { account } = c.get("adminSession");
    return { id: account.id, name: account.name };
  };
  const teamList = async () => [
    { id: firstAccount.id, name: firstAccount.name },
    ...(await team.listAccounts()).map((a) => ({ id: a.id, name: a.name })),
  ];

  return {
    options,
    log,
    now,
    store,
    team,
    sessions,
    firstAccount,
    cookieName,
    deviceCookie: options.development ? DEV_DEVICE_COOKIE : DEVICE_COOKIE,
    checks: options.checks ?? createCheckQueue(),
    ipOf: (c) => clientIp(c, trustProxy === undefined ? undefined : { trustProxy: Number(trustProxy) }),
    notifications: options.notifications ?? null,
    withStore,
    startSession,
    actorOf,
    teamList,
  };
}

/** @typedef {ReturnType<typeof createAdminContext>} AdminContext */
