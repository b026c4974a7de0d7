// The salesperson's own account and what the page may offer them, the team to give a message to, a new password.
import { MIN_PASSWORD } from "./context.mjs";
import { hashPassword, parseHash, verifyPassword } from "./password.mjs";

/** @param {import("hono").Hono} app @param {import("./context.mjs").AdminContext} context */
export function mountAccount(app, context) {
  const { options, log, store, team, firstAccount, checks, notifications, withStore, startSession, teamList } = context;
  const { insights } = options;

  app.get("/api/admin/session", async (c) => {
    const { account, session } = c.get("adminSession");
    return c.json({
      ok: true,
      store: Boolean(store),
      insights: Boolean(insights),
      me: { id: account.id, name: account.name, email: account.email },
      since: session.since,
      canReply: Boolean(notifications?.reply),
      salesEmail: options.salesEmail ?? "",
    });
  });

  app.get(
    "/api/admin/team",
    withStore(async (c) => c.json({ people: await teamList() })),
  );

  app.post(
    "/api/admin/password",
    withStore(async (c) => {
      const { account } = c.get("adminSession");
      if (account.id === firstAccount.id) return c.json({ error: "first-account" }, 409);
      const body = await c.req.json().catch(() => null);
      const current = typeof body?.current === "string" ? body.current.slice(0, 1024) : "";
      const next = typeof body?.password === "string" ? body.password.slice(0, 1024) : "";
      if ([...next].length < MIN_PASSWORD) return c.json({ error: "password-too-short" }, 400);
      const right = await checks.run(() =>
        verifyPassword(current, /** @type {any} */ (parseHash(account.passwordHash))),
      );
      if (right === null) return c.json({ error: "busy" }, 503, { "Retry-After": "2" });
      if (!right) return c.json({ error: "wrong-password" }, 401);
      const hash = await checks.run(() => hashPassword(next, options.hashCost));
      if (hash === null) return c.json({ error: "busy" }, 503, { "Retry-After": "2" });
      await team.setPassword(account.id, hash);
      await startSession(c, { ...account, passwordHash: hash });
      log("admin: a salesperson changed the password; their other sessions ended");
      return c.body(null, 204);
    }),
  );
}
