// @vitest-environment node
// The operator's page on SQLite (sales-team.test.mjs and two-servers.test.mjs run PostgreSQL): its address,
// accounts and sessions, the inbox's API, each action's history, replies through the outbox, the CSV.
import { readFile } from "node:fs/promises";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminServerCopy } from "../../../app/content/admin.ts";
import { leadNotificationCopy } from "../../../app/content/lead-notification.ts";
import { createNotifications } from "../../adapters/notify/index.mjs";
import { openStore } from "../../adapters/store/index.mjs";
import { createSalesTeam } from "../../adapters/store/sales-team.mjs";
import { createMemoryInsights } from "../../testing/memory-insights.mjs";
import { fromAddress, sameSite, tempDir } from "../../testing/helpers.mjs";
import { mailHeader, startSmtp } from "../../testing/receivers.mjs";
import { ADMIN_API_ROUTES, CSV_BATCH, mountAdmin, networkOf, SESSION_COOKIE } from "./admin.mjs";
import { DEVICE_COOKIE } from "./trusted-device.mjs";
import { createCheckQueue, hashPassword, parseHash, verifyPassword } from "./password.mjs";
import { SESSION_IDLE_MS, SESSION_MAX_MS } from "./sessions.mjs";
import { stockholmDay } from "../insights/report.mjs";
import { DAY, MINUTE, plus, startOfSuite, stockholm, stockholmDate } from "../../testing/clock.mjs";

const PASSWORD = "rätt häst batteri häftklammer";
/** A cheap hash for tests: the format is the same, the cost lower. */
const cheap = { N: 1024, r: 8, p: 1 };
let hash = "";
let root = "";
const stores = [];
const PAGE = "<!doctype html><title>Administration</title><p>Laddar …</p>";
// The suite's frozen now (the stores', so the page's too), and when the visitors wrote: a lead a
// week before at 11:00 Stockholm, the next message a day later, the next another day later.
const NOW = startOfSuite();
const now = () => NOW;
const [ANNA_AT, BO_AT, CECILIA_AT] = [-7, -6, -5].map((days) => stockholm(NOW, days, "11:00"));

beforeAll(async () => {
  hash = await hashPassword(PASSWORD, cheap);
  root = await tempDir();
  await mkdir(join(root, "admin"));
  await writeFile(join(root, "admin", "index.html"), PAGE);
});
afterAll(async () => {
  for (const s of stores) await s.close();
});

const lead = (name, email, extra = {}) => ({
  kind: "lead",
  template: "template_lead",
  receivedAt: ANNA_AT,
  page: "/",
  params: {
    from_name: name,
    from_email: email,
    company: "AB",
    to_email: "salj@nordlysai.se",
    timestamp: ANNA_AT.toISOString(),
    conversation: "Emma: Hej!\nDu: Kan ni hjälpa oss med kanelbullar?\nEmma: [Läs mer: Våra tjänster](/#services)",
  },
  ...extra,
});

async function newStore(messages = []) {
  const store = openStore({ dir: await tempDir(), log: () => {}, now });
  stores.push(store);
  for (const m of messages) await store.addMessage(m, { channels: [] });
  return store;
}

async function adminApp({ messages = [lead("Anna", "anna@example.se")], store, ...options } = {}) {
  store ??= await newStore(messages);
  const app = new Hono();
  const logs = [];
  const mounted = mountAdmin(app, {
    passwordHash: hash,
    store,
    root,
    insights: createMemoryInsights(),
    copy: adminServerCopy,
    hashCost: cheap,
    log: (line) => logs.push(line),
    ...options,
  });
  app.notFound((c) => c.text("the 404 page", 404));
  const ids = (await store.listMessages({ limit: 100, order: "asc" })).items.map((m) => m.id);
  return { app, store, logs, ids, ...mounted };
}

/** A request as the admin page's fetch sends it (same origin), with the session cookie if given. */
function call(app, method, path, { body, cookie, headers = {}, address = "192.0.2.7" } = {}) {
  return app.request(
    path,
    {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: {
        ...sameSite,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        ...headers,
      },
    },
    fromAddress(address),
  );
}

const cookieOf = (res) => new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "")?.[1];

async function login(app, { password = PASSWORD, email, address, device } = {}) {
  const headers = device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {};
  const res = await call(app, "POST", "/api/admin/login", { body: { password, email }, address, headers });
  return { res, cookie: cookieOf(res) };
}

const deviceOf = (res) => new RegExp(`${DEVICE_COOKIE}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "")?.[1];

/** A salesperson added as `npm run admin:user -- add` does, who then chooses a password by the link. */
async function addSalesperson(app, team, name, email, password = `${name} har ett långt lösenord`) {
  const { token } = await team.addAccount({ name, email });
  const res = await call(app, "POST", "/api/admin/setup", { body: { token, password } });
  expect(res.status).toBe(204);
  return { cookie: cookieOf(res), password, token };
}

describe("password hash", () => {
  it("verifies the right password only, from the stored format", async () => {
    const parsed = parseHash(hash);
    expect(parsed).not.toBeNull();
    expect(await verifyPassword(PASSWORD, parsed)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, parsed)).toBe(false);
    expect(parseHash("plain-text")).toBeNull();
    expect(parseHash("scrypt$3$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA")).toBeNull();
  });
});

describe("/admin without ADMIN_PASSWORD_HASH", () => {
  it("is the plain 404, page, deep links and every API", async () => {
    const app = new Hono();
    mountAdmin(app, { root, log: () => {} });
    app.notFound((c) => c.text("the 404 page", 404));
    const paths = [
      ["GET", "/admin"],
      ["GET", "/admin/"],
      ["GET", "/admin/meddelanden/abc"],
      ["HEAD", "/admin"],
    ];
    for (const [method, path] of [...paths, ["POST", "/api/admin/login"], ...ADMIN_API_ROUTES]) {
      const res = await call(app, method, path, { body: method === "POST" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      if (method !== "HEAD") expect(await res.text()).toBe("the 404 page");
    }
  });

  it("stays off with a value that is not a hash, and says so", async () => {
    const logs = [];
    const app = new Hono();
    mountAdmin(app, { passwordHash: "hunter2", log: (l) => logs.push(l) });
    expect((await call(app, "GET", "/api/admin/session")).status).toBe(404);
    expect(logs.join()).toMatch(/not a hash/);
  });
});

describe("the page's address", () => {
  it("answers /admin, /admin/, a deep link and HEAD /admin with the page, never indexed or cached", async () => {
    const { app } = await adminApp();
    for (const [method, path] of [
      ["GET", "/admin"],
      ["GET", "/admin/"],
      ["GET", "/admin/meddelanden/0b6f9a"],
      ["GET", "/admin/fragor"],
      ["HEAD", "/admin"],
    ]) {
      const res = await app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(res.headers.get("cache-control")).toBe("no-store");
      if (method === "GET") expect(await res.text()).toBe(PAGE);
    }
  });
});

describe("admin access", () => {
  it("answers 401 on every admin API route without a session, and the list names every route", async () => {
    const { app } = await adminApp();
    const open = /login|logout|setup/;
    const registered = app.routes
      .filter((r) => r.path.startsWith("/api/admin/") && r.method !== "ALL" && !open.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    const listed = ADMIN_API_ROUTES.map(([m, p]) => `${m} ${p.replace(/\?.*$/, "").replace(/\/1(\/|$)/, "/:id$1")}`);
    expect([...new Set(registered)].sort()).toEqual([...new Set(listed)].sort());
    for (const [method, path] of ADMIN_API_ROUTES) {
      const body = method === "GET" ? undefined : { state: "handled" };
      expect((await call(app, method, path, { body })).status, `${method} ${path}`).toBe(401);
      const forged = await call(app, method, path, { body, cookie: "forged-session-id-0123456789" });
      expect(forged.status, `${method} ${path} with a made-up cookie`).toBe(401);
    }
  });

  it("logs in the first account with the password alone: a __Host- cookie, Secure even on loopback", async () => {
    const { app } = await adminApp();
    const wrong = await login(app, { password: "fel" });
    expect(wrong.res.status).toBe(401);
    expect(wrong.cookie).toBeUndefined();
    // nginx forwards Host: 127.0.0.1 by default; the cookie must not trust it to mean "development".
    const res = await app.request(
      "http://127.0.0.1/api/admin/login",
      {
        method: "POST",
        body: JSON.stringify({ password: PASSWORD }),
        headers: { "content-type": "application/json", origin: "http://127.0.0.1", "sec-fetch-site": "same-origin" },
      },
      fromAddress("192.0.2.7"),
    );
    expect(res.status).toBe(204);
    const header = res.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/^__Host-admin_session=[\w-]{43};/);
    for (const part of ["HttpOnly", "SameSite=Strict", "Path=/", "Secure"]) expect(header).toContain(part);
    expect(header).not.toMatch(/Domain=/i);
    const me = await (await call(app, "GET", "/api/admin/session", { cookie: cookieOf(res) })).json();
    expect(me.me).toEqual({ id: "admin", name: "Administratör", email: "" });
  });

  it("drops Secure and the prefix only with the explicit development setting", async () => {
    const { app } = await adminApp({ development: true });
    const res = await call(app, "POST", "/api/admin/login", { body: { password: PASSWORD } });
    const header = res.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/^admin_session=/);
    expect(header).not.toMatch(/Secure/);
  });

  it("keeps session ids hashed at rest: the cookie's value is nowhere in the database", async () => {
    const { app, store } = await adminApp();
    const { cookie } = await login(app);
    const rows = await store.db.selectFrom("admin_sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(cookie);
    expect(rows[0].expires_at > rows[0].created_at).toBe(true);
  });

  it("refuses a replayed cookie after logout", async () => {
    const { app } = await adminApp();
    const { cookie } = await login(app);
    expect((await call(app, "GET", "/api/admin/messages", { cookie })).status).toBe(200);
    const out = await call(app, "POST", "/api/admin/logout", { body: {}, cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/__Host-admin_session=;.*Max-Age=0/);
    for (const [method, path] of ADMIN_API_ROUTES) {
      const res = await call(app, method, path, { cookie, body: method === "GET" ? undefined : { state: "handled" } });
      expect(res.status, `${method} ${path} after logout`).toBe(401);
    }
  });

  it("ends a session after the idle timeout and after the absolute lifetime", async () => {
    let t = NOW.getTime();
    const store = await newStore();
    const team = createSalesTeam(store, { now: () => new Date(t) });
    const { app } = await adminApp({ store, team, clock: () => t, now: () => new Date(t) });
    const { cookie } = await login(app);
    t += SESSION_IDLE_MS - 1000;
    expect((await call(app, "GET", "/api/admin/session", { cookie })).status).toBe(200);
    t += SESSION_IDLE_MS - 1000; // idle clock started again at the last request
    expect((await call(app, "GET", "/api/admin/session", { cookie })).status).toBe(200);
    t += SESSION_IDLE_MS;
    expect((await call(app, "GET", "/api/admin/session", { cookie })).status).toBe(401);

    const second = (await login(app)).cookie;
    const start = t;
    while (t < start + SESSION_MAX_MS - SESSION_IDLE_MS) {
      t += SESSION_IDLE_MS / 2;
      expect((await call(app, "GET", "/api/admin/session", { cookie: second })).status).toBe(200);
    }
    t = start + SESSION_MAX_MS;
    expect((await call(app, "GET", "/api/admin/session", { cookie: second })).status).toBe(401);
  });

  it("refuses a cross-site post to an admin action, with a valid session, and a form post", async () => {
    const { app, store, ids } = await adminApp();
    const { cookie } = await login(app);
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" };
    for (const path of [
      `/api/admin/messages/${ids[0]}`,
      `/api/admin/messages/${ids[0]}/reply`,
      "/api/admin/people/erase",
      "/api/admin/logout",
      "/api/admin/login",
    ]) {
      const res = await call(app, "POST", path, {
        cookie,
        body: { state: "handled", email: "anna@example.se", confirm: "anna@example.se", password: PASSWORD },
        headers: crossSite,
      });
      expect(res.status, path).toBe(403);
    }
    const form = await app.request(
      `/api/admin/messages/${ids[0]}`,
      {
        method: "POST",
        body: "state=handled",
        headers: {
          ...sameSite,
          "content-type": "application/x-www-form-urlencoded",
          cookie: `${SESSION_COOKIE}=${cookie}`,
        },
      },
      fromAddress("192.0.2.7"),
    );
    expect(form.status).toBe(415);
    expect((await store.getMessage(ids[0])).state).toBe("open");
    expect((await call(app, "GET", "/api/admin/messages", { cookie, headers: crossSite })).status).toBe(403);
  });

  it("locks a client out after 5 wrong passwords for 15 minutes; another client still logs in", async () => {
    const { app } = await adminApp();
    for (let i = 0; i < 5; i++) expect((await login(app, { password: `fel ${i}` })).res.status).toBe(401);
    const locked = await login(app);
    expect(locked.res.status).toBe(429);
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(locked.cookie).toBeUndefined();
    const other = await login(app, { address: "198.51.100.4" });
    expect(other.res.status).toBe(204);
  });

  it("once the total is spent, locks the networks that guessed, not the right password from one that never failed", async () => {
    const { app } = await adminApp({
      loginLimits: { perClient: { points: 5, duration: 900 }, total: { points: 3, duration: 900 } },
    });
    for (let i = 0; i < 3; i++) await login(app, { password: "fel", address: `198.51.100.${i}` });
    // A guesser's network is locked out, even with the right password …
    expect((await login(app, { address: "198.51.100.77" })).res.status).toBe(429);
    // … and the team's office, which never failed, still gets in.
    expect(networkOf("203.0.113.9")).toBe("203.0.113.0/24");
    expect((await login(app, { address: "203.0.113.9" })).res.status).toBe(204);
  });

  it("a right password clears the client's failed attempts", async () => {
    const { app } = await adminApp();
    for (let i = 0; i < 4; i++) await login(app, { password: "fel" });
    expect((await login(app)).res.status).toBe(204);
    for (let i = 0; i < 4; i++) expect((await login(app, { password: "fel" })).res.status).toBe(401);
  });

  it("never lets twenty parallel wrong passwords hold the thread pool that files and pages need", async () => {
    // The real cost: each check holds one of libuv's 4 threads for a while.
    const real = await hashPassword(PASSWORD, { N: 2 ** 15, r: 8, p: 1 });
    const { app } = await adminApp({ passwordHash: real });
    const file = join(root, "admin", "index.html");
    const attempts = Array.from({ length: 20 }, (_, i) =>
      login(app, { password: `fel ${i}`, address: `198.51.${i}.1` }).then(() => performance.now()),
    );
    // A file read queued behind them, as a page's static file is.
    await new Promise((r) => setImmediate(r));
    const read = readFile(file).then(() => performance.now());
    const [readAt, ...doneAt] = await Promise.all([read, ...attempts]);
    const before = doneAt.filter((t) => t < readAt).length;
    expect(before, "password checks finished before the file read").toBeLessThanOrEqual(4);
  }, 60_000);

  it("never lets strangers' guesses from many networks lock out a salesperson's known browser", async () => {
    const { app } = await adminApp();
    const office = "192.0.2.7";
    const first = await login(app, { address: office });
    expect(first.res.status).toBe(204);
    const device = deviceOf(first.res);
    expect(device, "a known browser's cookie after a login").toBeTruthy();
    expect(first.res.headers.get("set-cookie")).toMatch(
      /__Host-admin_device=[^;]+;.*HttpOnly.*Secure.*SameSite=Strict/i,
    );
    // A typo from another browser in the office, then 100 guesses from 20 addresses elsewhere.
    expect((await login(app, { password: "fel", address: office })).res.status).toBe(401);
    for (let n = 0; n < 20; n++)
      for (let i = 0; i < 5; i++) await login(app, { password: `fel ${i}`, address: `198.51.${n}.9` });
    // Another browser in the office is locked out with the guessers; the known one gets in.
    expect((await login(app, { address: office })).res.status).toBe(429);
    expect((await login(app, { address: office, device })).res.status).toBe(204);
    // A forged or another account's cookie counts for nothing.
    expect((await login(app, { address: office, device: `${device.split(".")[0]}.AAAA` })).res.status).toBe(429);
  });

  it("checks at most five guesses from one network, however parallel", async () => {
    const { app } = await adminApp();
    const results = await Promise.all(
      Array.from({ length: 18 }, (_, i) => login(app, { password: `fel ${i}`, address: `203.0.113.${i + 1}` })),
    );
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(13);
    const v6 = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(app, { password: "fel", address: `2001:db8:1:2::${i + 1}` })),
    );
    expect(v6.filter((r) => r.res.status === 401)).toHaveLength(5);
  });

  it("never lets a burst of strangers' guesses crowd out a known browser's right password", async () => {
    const real = await hashPassword(PASSWORD, { N: 2 ** 15, r: 8, p: 1 });
    const { app } = await adminApp({ passwordHash: real, checks: createCheckQueue({ concurrency: 1, maxWaiting: 2 }) });
    const device = deviceOf((await login(app, { address: "192.0.2.7" })).res);
    const burst = Array.from({ length: 20 }, (_, i) => login(app, { password: `fel ${i}`, address: `198.51.${i}.1` }));
    const mine = login(app, { address: "192.0.2.7", device });
    const statuses = (await Promise.all(burst)).map((r) => r.res.status);
    expect(statuses.filter((s) => s === 503).length, "the burst filled the strangers' queue").toBeGreaterThan(0);
    expect((await mine).res.status).toBe(204);
  }, 60_000);

  it("refuses checks beyond the queue's bound at once, rather than letting them wait", async () => {
    const queue = createCheckQueue({ concurrency: 1, maxWaiting: 2 });
    let release;
    const gate = new Promise((r) => (release = r));
    const results = [1, 2, 3, 4].map(() => queue.run(() => gate.then(() => true)));
    expect(await results[3]).toBeNull();
    release();
    expect(await Promise.all(results.slice(0, 3))).toEqual([true, true, true]);
  });
});

describe("salespeople", () => {
  it("each logs in with their own e-mail and password after choosing it by the one-time link", async () => {
    const { app, team } = await adminApp();
    const { cookie, password, token } = await addSalesperson(app, team, "Sara", "sara@nordlysai.se");
    const me = await (await call(app, "GET", "/api/admin/session", { cookie })).json();
    expect(me.me).toMatchObject({ name: "Sara", email: "sara@nordlysai.se" });
    // The link works once.
    expect((await call(app, "POST", "/api/admin/setup/check", { body: { token } })).status).toBe(404);
    expect((await login(app, { email: "SARA@nordlysai.se", password })).res.status).toBe(204);
    expect((await login(app, { email: "sara@nordlysai.se", password: PASSWORD })).res.status).toBe(401);
    expect((await login(app, { email: "nobody@nordlysai.se", password })).res.status).toBe(401);
    // The first account still logs in with the password alone.
    expect((await login(app)).res.status).toBe(204);
  });

  it("a password change, a new link or a removal ends the person's sessions everywhere", async () => {
    const { app, team } = await adminApp();
    const first = await addSalesperson(app, team, "Sara", "sara@nordlysai.se");
    const second = (await login(app, { email: "sara@nordlysai.se", password: first.password })).cookie;
    const changed = await call(app, "POST", "/api/admin/password", {
      cookie: first.cookie,
      body: { current: first.password, password: "ett helt nytt lösenord" },
    });
    expect(changed.status).toBe(204);
    expect((await call(app, "GET", "/api/admin/session", { cookie: second })).status).toBe(401);
    const third = cookieOf(changed);
    expect((await call(app, "GET", "/api/admin/session", { cookie: third })).status).toBe(200);
    await team.resetAccount("sara@nordlysai.se");
    expect((await call(app, "GET", "/api/admin/session", { cookie: third })).status).toBe(401);

    const bo = await addSalesperson(app, team, "Bo", "bo@nordlysai.se");
    expect((await call(app, "GET", "/api/admin/session", { cookie: bo.cookie })).status).toBe(200);
    expect(await team.removeAccount("bo@nordlysai.se")).toBe(true);
    expect((await call(app, "GET", "/api/admin/session", { cookie: bo.cookie })).status).toBe(401);
    expect((await login(app, { email: "bo@nordlysai.se", password: bo.password })).res.status).toBe(401);
  });

  it("ends the first account's sessions when ADMIN_PASSWORD_HASH changes", async () => {
    const store = await newStore();
    const { app } = await adminApp({ store });
    const { cookie } = await login(app);
    const other = await hashPassword("ett annat lösenord här", cheap);
    const restarted = await adminApp({ store, passwordHash: other });
    expect((await call(restarted.app, "GET", "/api/admin/session", { cookie })).status).toBe(401);
    const again = await adminApp({ store });
    expect((await call(again.app, "GET", "/api/admin/session", { cookie })).status).toBe(401);
  });
});

describe("admin inbox API", () => {
  const messages = () => [
    lead("Anna", "anna@xn--fjllbo-cua.se"),
    {
      kind: "contact",
      template: "template_contact",
      receivedAt: BO_AT,
      params: {
        from_name: "<script>alert(1)</script>",
        from_email: "bo@example.se",
        message: '=HYPERLINK("x")',
        subject: "Hej",
      },
    },
    lead("Cecilia", "cecilia@example.se", { receivedAt: CECILIA_AT, suspectedSpam: true }),
  ];

  it("lists newest or oldest first with the columns, the visitor's address as written, filters and pages", async () => {
    const { app } = await adminApp({ messages: messages() });
    const { cookie } = await login(app);
    const { total, items } = await (await call(app, "GET", "/api/admin/messages?limit=2", { cookie })).json();
    expect(total).toBe(3);
    expect(items.map((i) => i.from_name)).toEqual(["Cecilia", "<script>alert(1)</script>"]);
    expect(items[0]).toMatchObject({ kind: "lead", company: "AB", suspectedSpam: true, state: "open", owner: null });
    expect(items[0].line).toBe("Kan ni hjälpa oss med kanelbullar?");
    expect(items[0]).not.toHaveProperty("conversation");
    const oldest = await (await call(app, "GET", "/api/admin/messages?order=asc&limit=1", { cookie })).json();
    expect(oldest.items[0]).toMatchObject({
      from_name: "Anna",
      from_email_shown: "anna@fjällbo.se",
      from_email: "anna@xn--fjllbo-cua.se",
    });
    const leads = await (await call(app, "GET", "/api/admin/messages?kind=lead&text=anna", { cookie })).json();
    expect(leads.items.map((i) => i.from_name)).toEqual(["Anna"]);
    const page2 = await (await call(app, "GET", "/api/admin/messages?limit=2&offset=2", { cookie })).json();
    expect(page2.items.map((i) => i.from_name)).toEqual(["Anna"]);
  });

  it("finds a word said only in Emma's conversation", async () => {
    const { app } = await adminApp({ messages: messages() });
    const { cookie } = await login(app);
    const found = await (await call(app, "GET", "/api/admin/messages?text=kanelbullar", { cookie })).json();
    expect(found.items.map((i) => i.from_name).sort()).toEqual(["Anna", "Cecilia"]);
  });

  it("shows one message in the sales team's words, and records who did what in its history", async () => {
    const { app, team, ids } = await adminApp({ messages: messages() });
    const sara = await addSalesperson(app, team, "Sara", "sara@nordlysai.se");
    const { cookie } = await login(app);
    const one = await (await call(app, "GET", `/api/admin/messages/${ids[0]}`, { cookie })).json();
    expect(one).toMatchObject({ from_name: "Anna", from_email_shown: "anna@fjällbo.se", company: "AB", history: [] });
    expect(one.conversation).toContain("[Läs mer: Våra tjänster](/#services)");
    expect(one.otherFields).toEqual({});
    const people = (await (await call(app, "GET", "/api/admin/team", { cookie })).json()).people;
    const saraId = people.find((p) => p.name === "Sara").id;
    const post = (path, body, as = cookie) =>
      call(app, "POST", `/api/admin/messages/${ids[0]}${path}`, { cookie: as, body });
    expect((await post("/owner", { ownerId: saraId })).status).toBe(200);
    expect((await post("", { state: "handled" }, sara.cookie)).status).toBe(200);
    expect((await post("/notes", { text: "Ringer på fredag" }, sara.cookie)).status).toBe(200);
    const reopened = await (await post("", { state: "open" })).json();
    expect(reopened).toMatchObject({ state: "open", owner: { id: saraId, name: "Sara" } });
    expect(reopened.history.map((e) => [e.actorName, e.action])).toEqual([
      ["Administratör", "assigned"],
      ["Sara", "handled"],
      ["Sara", "note"],
      ["Administratör", "reopened"],
    ]);
    expect(reopened.history[2].detail).toEqual({ text: "Ringer på fredag" });
    expect((await post("", { state: "gone" })).status).toBe(400);
    expect((await post("/owner", { ownerId: "someone" })).status).toBe(400);
    expect((await call(app, "GET", "/api/admin/messages/99", { cookie })).status).toBe(404);
    const mine = await (await call(app, "GET", `/api/admin/messages?owner=${saraId}`, { cookie })).json();
    expect(mine.items.map((i) => i.from_name)).toEqual(["Anna"]);
    const notes = await (await call(app, "GET", "/api/admin/messages?text=fredag", { cookie })).json();
    expect(notes.items.map((i) => i.from_name)).toEqual(["Anna"]);
  });

  it("marks what came since the salesperson's last visit, and counts it for the tab's title", async () => {
    const store = await newStore(messages());
    let t = NOW.getTime();
    const team = createSalesTeam(store, { now: () => new Date(t) });
    const { app } = await adminApp({ store, team, clock: () => t, now: () => new Date(t) });
    const first = (await login(app)).cookie;
    expect((await (await call(app, "GET", "/api/admin/updates", { cookie: first })).json()).newCount).toBe(0);
    t += 2 * 60_000;
    await call(app, "GET", "/api/admin/messages", { cookie: first });
    await store.addMessage(lead("Dora", "dora@example.se", { receivedAt: new Date(t + 1000) }), { channels: [] });
    t += 60 * 60_000;
    const next = (await login(app)).cookie;
    const updates = await (await call(app, "GET", "/api/admin/updates", { cookie: next })).json();
    expect(updates.newCount).toBe(1);
    const { items } = await (await call(app, "GET", "/api/admin/messages", { cookie: next })).json();
    expect(items.map((i) => [i.from_name, i.isNew])).toEqual([
      ["Dora", true],
      ["Cecilia", false],
      ["<script>alert(1)</script>", false],
      ["Anna", false],
    ]);
  });

  it("writes a CSV Swedish Excel opens: BOM, semicolons, Swedish headers, Stockholm time, status, owner, notes", async () => {
    const { app, ids } = await adminApp({ messages: messages() });
    const { cookie } = await login(app);
    await call(app, "POST", `/api/admin/messages/${ids[0]}/notes`, { cookie, body: { text: "Ring; på =fredag" } });
    await call(app, "POST", `/api/admin/messages/${ids[0]}/owner`, { cookie, body: { ownerId: "admin" } });
    const res = await call(app, "GET", "/api/admin/messages.csv", { cookie });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="inkorg-\d{4}-\d\d-\d\d\.csv"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe(
      [
        "Mottaget",
        "Typ",
        "Status",
        "Ansvarig",
        "Namn",
        "Företag",
        "E-post",
        "Telefon",
        "Tjänst",
        "Sida",
        "Ämne",
        "Meddelande",
        "Konversation med Emma",
        "Samtalssammanfattning",
        "Anteckningar",
        "Misstänkt spam",
        "Utan JavaScript",
      ]
        .map((h) => `"${h}"`)
        .join(";"),
    );
    // Oldest first, at the wall time in Stockholm Anna wrote.
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${stockholmDate(ANNA_AT)} 11:00";"Emmas lead";"Öppen";"Administratör";"Anna";"AB";"anna@fjällbo\\.se";`,
      ),
    );
    expect(lines[1]).toMatch(/;"\d{4}-\d\d-\d\d \d\d:\d\d Administratör: Ring; på =fredag";/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toMatch(/"ja";""$/);
  });

  it("exports fixed columns in bounded batches, whatever fields senders invented", async () => {
    const invented = Object.fromEntries(Array.from({ length: 38 }, (_, i) => [`field_${i}`, "x".repeat(40)]));
    const many = Array.from({ length: 450 }, (_, i) =>
      lead(`Person ${i}`, `p${i}@example.se`, {
        receivedAt: plus(NOW, i * MINUTE - 30 * DAY),
        params: { from_name: `Person ${i}`, from_email: `p${i}@example.se`, ...invented },
      }),
    );
    const store = await newStore(many);
    const limits = [];
    const spying = { ...store, listMessages: (q) => (limits.push(q.limit), store.listMessages(q)) };
    Object.defineProperty(spying, "db", { get: () => store.db });
    const { app } = await adminApp({ store: spying, team: createSalesTeam(store) });
    const { cookie } = await login(app);
    const csv = await (await call(app, "GET", "/api/admin/messages.csv", { cookie })).text();
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(451);
    expect(new Set(lines.map((l) => l.split('";"').length))).toEqual(new Set([17]));
    expect(csv).not.toContain("field_");
    const exportReads = limits.filter((n) => n !== 1 && n !== 25);
    expect(Math.max(...exportReads)).toBe(CSV_BATCH);
  }, 60_000);

  it("exports a person's data and erases it only when confirmed, the history included", async () => {
    const { app, store, ids } = await adminApp({ messages: messages() });
    const { cookie } = await login(app);
    await call(app, "POST", `/api/admin/messages/${ids[1]}/notes`, { cookie, body: { text: "Ringde Bo" } });
    const exported = await (await call(app, "GET", "/api/admin/people/export?email=bo@example.se", { cookie })).json();
    expect(exported.messages).toHaveLength(1);
    expect(exported.messages[0].history.map((e) => e.action)).toEqual(["note"]);
    const history = (await (await call(app, "GET", `/api/admin/messages/${ids[1]}`, { cookie })).json()).history;
    expect(history.map((e) => e.action)).toEqual(["note", "export"]);
    const body = { email: "bo@example.se" };
    expect((await call(app, "POST", "/api/admin/people/erase", { cookie, body })).status).toBe(400);
    const erased = await call(app, "POST", "/api/admin/people/erase", {
      cookie,
      body: { ...body, confirm: "bo@example.se" },
    });
    expect(await erased.json()).toEqual({ erased: 1 });
    const left = await store.db.selectFrom("message_events").selectAll().execute();
    expect(left.map((e) => [e.message_id, e.action])).toEqual([["*", "erase"]]);
    expect(JSON.stringify(left)).not.toContain("Bo");
  });

  it("answers 503 when the database cannot be reached, and logs it", async () => {
    const store = openStore({
      databaseUrl: "postgres://postgres@127.0.0.1:1/none",
      dir: await tempDir(),
      log: () => {},
    });
    stores.push(store);
    const app = new Hono();
    const logs = [];
    mountAdmin(app, { passwordHash: hash, store, root, copy: adminServerCopy, log: (l) => logs.push(l) });
    const res = await call(app, "POST", "/api/admin/login", { body: { password: PASSWORD } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "store-unavailable" });
    expect(logs.join("\n")).toMatch(/ECONNREFUSED|cannot reach/);
  });
});

describe("replies", () => {
  let smtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it("mails the visitor from the sales mailbox with their words quoted, through the outbox, and marks it answered", async () => {
    const store = await newStore([
      {
        kind: "contact",
        template: "template_contact",
        receivedAt: BO_AT,
        params: {
          from_name: "Bo Ek",
          from_email: "bo@xn--fjllbo-cua.se",
          subject: "Nytt meddelande",
          message: "Kan ni ringa mig?\nHelst efter lunch.",
        },
      },
    ]);
    const forms = { salesEmail: "salj@nordlysai.se", notification: leadNotificationCopy };
    const notifications = createNotifications({ env: { SMTP_URL: smtp.url }, forms, log: () => {} });
    notifications.start(store);
    try {
      const { app, ids } = await adminApp({ store, notifications });
      const { cookie } = await login(app);
      expect((await (await call(app, "GET", "/api/admin/session", { cookie })).json()).canReply).toBe(true);
      const res = await call(app, "POST", `/api/admin/messages/${ids[0]}/reply`, {
        cookie,
        body: { text: "Hej Bo! Vi ringer i morgon kl. 13." },
      });
      expect(res.status).toBe(200);
      const after = await res.json();
      expect(after.state).toBe("answered");
      expect(after.history.map((e) => [e.actorName, e.action, e.detail.text])).toEqual([
        ["Administratör", "reply", "Hej Bo! Vi ringer i morgon kl. 13."],
      ]);
      const end = Date.now() + 10_000;
      while (smtp.mails.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      const [mail] = smtp.mails;
      expect(mail.to.map((a) => a.replace("fjällbo", "xn--fjllbo-cua"))).toEqual(["bo@xn--fjllbo-cua.se"]);
      expect(mailHeader(mail.raw, "From")).toBe("Nordlys AI <salj@nordlysai.se>");
      expect(mailHeader(mail.raw, "Subject")).toBe("Sv: ditt meddelande till Nordlys AI");
      const text = mail.raw.split("\r\n\r\n").slice(1).join("\r\n\r\n");
      expect(text).toContain("Hej Bo! Vi ringer i morgon kl. 13.");
      expect(text).toContain(`${stockholmDate(BO_AT)} 11:00 skrev Bo Ek:`);
      expect(text).toContain("> Kan ni ringa mig?\r\n> Helst efter lunch.");
      while ((await store.pendingNotifications()).length > 0) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await notifications.stop();
    }
  });

  it("answers a lead with the visitor's subject, never the team's, from the salesperson's name", async () => {
    const store = await newStore([lead("Åsa", "asa@example.se", { subject: "Nytt lead från Emma: Åsa" })]);
    const forms = { salesEmail: "salj@nordlysai.se", notification: leadNotificationCopy };
    const notifications = createNotifications({ env: { SMTP_URL: smtp.url }, forms, log: () => {} });
    notifications.start(store);
    const before = smtp.mails.length;
    try {
      const { app, ids, team } = await adminApp({ store, notifications });
      const { cookie } = await addSalesperson(app, team, "Sara Öberg", "sara@nordlysai.se");
      const res = await call(app, "POST", `/api/admin/messages/${ids[0]}/reply`, { cookie, body: { text: "Hej!" } });
      expect(res.status).toBe(200);
      const end = Date.now() + 10_000;
      while (smtp.mails.length === before && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      const mail = smtp.mails[before];
      expect(mail.to).toEqual(["asa@example.se"]);
      expect(mailHeader(mail.raw, "Subject")).toBe("Sv: ditt samtal med Emma på Nordlys AI");
      expect(mailHeader(mail.raw, "From")).toBe("Sara Öberg på Nordlys AI <salj@nordlysai.se>");
      while ((await store.pendingNotifications()).length > 0) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await notifications.stop();
    }
  });

  it("refuses a reply without SMTP (the page offers a mailto: link instead)", async () => {
    const { app, ids } = await adminApp();
    const { cookie } = await login(app);
    expect((await (await call(app, "GET", "/api/admin/session", { cookie })).json()).canReply).toBe(false);
    const res = await call(app, "POST", `/api/admin/messages/${ids[0]}/reply`, { cookie, body: { text: "Hej" } });
    expect(res.status).toBe(409);
  });
});

describe("what visitors ask", () => {
  it("links an unanswered question to the lead that kept its conversation", async () => {
    const insights = createMemoryInsights();
    const at = NOW;
    const day = at.toISOString().slice(0, 10);
    const ask = (question, key) =>
      insights.record({ event: "question", outcome: "none", page: "/", question, key, day, at });
    await ask("Kan ni hjälpa oss med kanelbullar?", "kanelbullar");
    await ask("Vad kostar en robot?", "robot");
    const { app } = await adminApp({ insights });
    const { cookie } = await login(app);
    const { unanswered } = await (await call(app, "GET", "/api/admin/insights", { cookie })).json();
    const byKey = Object.fromEntries(unanswered.map((q) => [q.key, q.conversationId]));
    expect(byKey.kanelbullar).toEqual(expect.any(String));
    expect(byKey.robot).toBeNull();
  });
});

describe("admin insights API", () => {
  it("clears the questions kept for the page, keeps the daily counts, and logs it", async () => {
    const insights = createMemoryInsights();
    const at = NOW;
    const day = stockholmDay(at);
    const asked = (question) => ({ event: "question", page: "/", outcome: "none", question, key: question, day, at });
    await insights.record(asked("baka bullar"));
    await insights.record(asked("sy gardiner"));
    const { app, logs } = await adminApp({ insights });
    const { cookie } = await login(app);
    const summary = async () => (await call(app, "GET", "/api/admin/insights", { cookie })).json();
    expect((await summary()).unanswered).toHaveLength(2);
    const cleared = await call(app, "DELETE", "/api/admin/insights/questions", { cookie, body: {} });
    expect(await cleared.json()).toEqual({ cleared: 2 });
    const after = await summary();
    expect(after.unanswered).toEqual([]);
    expect(after.days.at(-1)).toMatchObject({ day, asked: 2, none: 2 });
    expect(logs).toContain("admin: cleared 2 visitor question(s)");
    // Cross-site, or not JSON: refused like every other admin action.
    const forged = await call(app, "DELETE", "/api/admin/insights/questions", {
      cookie,
      body: {},
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(forged.status).toBe(403);
  });
});
