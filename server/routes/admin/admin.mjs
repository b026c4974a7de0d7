// The operator's page and API (decisions 023, 040): the guards every /api/admin/* request passes,
// then each group's routes in the order their guards need. The groups: decision 065.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { getCookie } from "hono/cookie";
import { hasMediaType, isSameOrigin, limitBody } from "../../guards/request.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";
import { logLine } from "../../lib/logger.mjs";
import { mountAccount } from "./account.mjs";
import { createAdminContext, unavailable } from "./context.mjs";
import { mountExport } from "./export.mjs";
import { mountInsights } from "./insights.mjs";
import { mountLive } from "./live.mjs";
import { mountConversations } from "./conversations.mjs";
import { mountLogin } from "./login.mjs";
import { mountMessageActions } from "./message-actions.mjs";
import { parseHash } from "./password.mjs";

export { DEV_SESSION_COOKIE, MIN_PASSWORD, SESSION_COOKIE } from "./context.mjs";
export { LOGIN_LIMITS, networkOf } from "./login.mjs";
export { CSV_BATCH } from "./messages.mjs";

const MAX_ADMIN_BODY = 64 * 1024;

/** @typedef {{ passwordHash?: string, store?: any, insights?: any, templates?: Record<string, string>, siteOrigin?: string, trustProxy?: boolean | number, root?: string,
 *   copy?: any, team?: any, notifications?: { reply?: boolean, kick?: () => void } | null, salesEmail?: string, development?: boolean, hashCost?: { N: number, r: number, p: number },
 *   streams?: ReturnType<typeof import("../../live/streams.mjs").createLiveStreams> | null, takeover?: { takeover: import("../../takeover/service.mjs").Takeover, live: any } | null, loginLimits?: typeof import("./login.mjs").LOGIN_LIMITS, checks?: ReturnType<typeof import("./password.mjs").createCheckQueue>, now?: () => Date, clock?: () => number, log?: (line: string) => void }} AdminOptions */

/** Mounts `/admin` and `/api/admin/*` when `passwordHash` parses, else the plain 404; every API but login and a
 * one-time link needs a session. @param {import("hono").Hono} app @param {AdminOptions} options */
export function mountAdmin(app, options) {
  const { passwordHash, siteOrigin, trustProxy, root, copy } = options;
  const log = options.log ?? logLine;
  const parsed = passwordHash ? parseHash(passwordHash) : null;
  if (passwordHash && !parsed) log("admin: ADMIN_PASSWORD_HASH is not a hash from `npm run admin:hash`; /admin is off");
  if (!parsed) {
    for (const path of ["/admin", "/admin/*", "/api/admin/*"]) app.all(path, (c) => c.notFound());
    return null;
  }

  if (!copy) log("admin: the build has no admin copy (build/forms.json); rebuild for Swedish CSV headers");
  const context = createAdminContext(options, { log });
  const { sessions, team, cookieName } = context;

  // The page: the prerendered shell of the admin route, for /admin and every deep link under it.
  const page = async (c) => {
    const html = root ? await readFile(join(root, "admin", "index.html"), "utf8").catch(() => null) : null;
    if (html === null) return c.notFound();
    return c.html(html, 200, { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });
  };
  app.get("/admin", page);
  app.get("/admin/*", page);

  app.use("/api/admin/*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (!isSameOrigin(c, { siteOrigin, trustProxy })) return c.json({ error: "cross-site" }, 403);
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !hasMediaType(c, "application/json")) {
      return c.json({ error: "json-only" }, 415);
    }
    return next();
  });
  app.use("/api/admin/*", limitBody(MAX_ADMIN_BODY));

  mountLogin(app, context, { parsed });

  // Every route below needs a session.
  app.use("/api/admin/*", async (c, next) => {
    if (!sessions) return unavailable(c);
    let live;
    try {
      live = await sessions.check(getCookie(c, cookieName));
    } catch (error) {
      log(`admin: the store failed: ${safeForLog(error?.message ?? error)}`);
      return unavailable(c);
    }
    if (!live) return c.json({ error: "no-session" }, 401);
    c.set("adminSession", live);
    return next();
  });

  mountAccount(app, context);
  mountMessageActions(app, context);
  mountExport(app, context);
  mountInsights(app, context);
  mountLive(app, context, options.streams ?? null);
  mountConversations(app, context, options.takeover ?? null);
  return { sessions, team };
}

/** Every admin API route (the server test checks that each answers 401 without a session). */
export const ADMIN_API_ROUTES = [
  ["GET", "/api/admin/session"],
  ["GET", "/api/admin/team"],
  ["POST", "/api/admin/password"],
  ["GET", "/api/admin/messages"],
  ["GET", "/api/admin/updates"],
  ["GET", "/api/admin/live"],
  ["GET", "/api/admin/messages.csv"],
  ["GET", "/api/admin/messages/1"],
  ["POST", "/api/admin/messages/1"],
  ["POST", "/api/admin/messages/1/notes"],
  ["POST", "/api/admin/messages/1/owner"],
  ["POST", "/api/admin/messages/1/reply"],
  ["GET", "/api/admin/people/export?email=a@b.se"],
  ["POST", "/api/admin/people/erase"],
  ["GET", "/api/admin/insights"],
  ["DELETE", "/api/admin/insights/questions"],
  ["GET", "/api/admin/conversations"],
  ["GET", "/api/admin/conversations/1"],
  ["POST", "/api/admin/conversations/1/take"],
  ["POST", "/api/admin/conversations/1/lines"],
  ["POST", "/api/admin/conversations/1/typing"],
  ["POST", "/api/admin/conversations/1/form"],
  ["POST", "/api/admin/conversations/1/release"],
];
