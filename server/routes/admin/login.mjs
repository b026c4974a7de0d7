// Logging in and out, and a one-time link of `npm run admin:user`: the routes that need no
// session. Guesses are limited per network, per known browser and in total (decisions 040, 060).
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { clientKey } from "../../guards/client-ip.mjs";
import { createLimiter, secondsUntil } from "../../guards/limiters.mjs";
import { MIN_PASSWORD } from "./context.mjs";
import { createCheckQueue, hashPassword, parseHash, verifyPassword } from "./password.mjs";
import { DEVICE_MAX_AGE_S, deviceToken, trustedDevice } from "./trusted-device.mjs";

/** Login attempts: 5 per client and 100 in total per 15 minutes, then 429 until the window ends. */
export const LOGIN_LIMITS = { perClient: { points: 5, duration: 900 }, total: { points: 100, duration: 900 } };

/** The network a client is in, for "a network that never failed": an IPv4 /24 or an IPv6 /64. */
export function networkOf(ip) {
  const key = clientKey(String(ip));
  return key.includes(":") ? key : `${key.split(".").slice(0, 3).join(".")}.0/24`;
}

const locked = (c, rejection) => {
  const wait = secondsUntil(rejection);
  return c.json({ error: "locked", retryAfter: wait }, 429, { "Retry-After": String(wait) });
};

/** @param {import("hono").Hono} app @param {import("./context.mjs").AdminContext} context
 * @param {{ parsed: NonNullable<ReturnType<typeof parseHash>> }} first the first account's hash, parsed */
export function mountLogin(app, context, { parsed }) {
  const { options, log, team, sessions, firstAccount, cookieName, deviceCookie, checks, ipOf } = context;
  const { withStore, startSession } = context;
  const limits = options.loginLimits ?? LOGIN_LIMITS;
  const perClient = createLimiter({ keyPrefix: "admin-login-client", ...limits.perClient });
  const perDevice = createLimiter({ keyPrefix: "admin-login-device", ...limits.perClient });
  const total = createLimiter({ keyPrefix: "admin-login-total", ...limits.total });
  const failedNetworks = createLimiter({
    keyPrefix: "admin-login-failed",
    points: 1_000_000,
    duration: limits.total.duration,
  });
  // A known browser's checks queue apart: a burst of strangers' guesses cannot crowd them out.
  const knownChecks = createCheckQueue({ concurrency: 1, maxWaiting: 8 });

  app.post(
    "/api/admin/login",
    withStore(async (c) => {
      const network = networkOf(ipOf(c));
      const body = await c.req.json().catch(() => null);
      const password = typeof body?.password === "string" ? body.password.slice(0, 1024) : "";
      const email = typeof body?.email === "string" ? body.email.trim().slice(0, 320) : "";
      const account = email ? await team.accountByEmail(email) : firstAccount;
      // A browser this account logged in from counts alone; any other counts by its network.
      const device = trustedDevice(getCookie(c, deviceCookie), account);
      try {
        await (device ? perDevice.consume(device) : perClient.consume(network));
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        return locked(c, rejection);
      }
      // Past the total a network that never failed still gets in: guesses elsewhere do not lock the team out.
      try {
        if (!device) await total.consume("all");
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        if (((await failedNetworks.get(network))?.consumedPoints ?? 0) > 0) return locked(c, rejection);
      }
      const hash = account?.passwordHash ? parseHash(account.passwordHash) : null;
      // Without an account the same work is done against the first hash, so timing says nothing.
      const queue = device ? knownChecks : checks;
      const ok = await queue.run(() => verifyPassword(password, hash ?? /** @type {any} */ (parsed)));
      if (ok === null) return c.json({ error: "busy" }, 503, { "Retry-After": "2" });
      if (!ok || !hash || !account) {
        if (!device) await failedNetworks.consume(network).catch(() => {});
        log("admin: failed login");
        return c.json({ error: "wrong-password" }, 401);
      }
      await (device ? perDevice.delete(device) : perClient.delete(network));
      await startSession(c, account);
      setCookie(c, deviceCookie, deviceToken(/** @type {any} */ (account)), {
        httpOnly: true,
        secure: !options.development,
        sameSite: "Strict",
        path: "/",
        maxAge: DEVICE_MAX_AGE_S,
      });
      log("admin: login");
      return c.body(null, 204);
    }),
  );

  app.post(
    "/api/admin/logout",
    withStore(async (c) => {
      await /** @type {any} */ (sessions).end(getCookie(c, cookieName));
      deleteCookie(c, cookieName, { path: "/", secure: !options.development });
      return c.body(null, 204);
    }),
  );

  // A one-time link of `npm run admin:user`: who it is for, then the password they choose.
  app.post(
    "/api/admin/setup/check",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const account = typeof body?.token === "string" ? await team.accountBySetupToken(body.token) : null;
      return account ? c.json({ name: account.name, email: account.email }) : c.json({ error: "link-expired" }, 404);
    }),
  );
  app.post(
    "/api/admin/setup",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const account = typeof body?.token === "string" ? await team.accountBySetupToken(body.token) : null;
      if (!account) return c.json({ error: "link-expired" }, 404);
      const password = typeof body?.password === "string" ? body.password.slice(0, 1024) : "";
      if ([...password].length < MIN_PASSWORD) return c.json({ error: "password-too-short" }, 400);
      const hash = await checks.run(() => hashPassword(password, options.hashCost));
      if (hash === null) return c.json({ error: "busy" }, 503, { "Retry-After": "2" });
      await team.setPassword(account.id, hash);
      await startSession(c, { ...account, passwordHash: hash });
      log("admin: a salesperson chose a password");
      return c.body(null, 204);
    }),
  );
}
