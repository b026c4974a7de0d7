// @vitest-environment node
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "../inbox.mjs";
import { createMemoryInsights } from "../../testing/memory-insights.mjs";
import { fromAddress, sameSite } from "../../testing/helpers.mjs";
import { ADMIN_API_ROUTES, mountAdmin, SESSION_COOKIE } from "./admin.mjs";
import { createFakeStore } from "../../testing/fake-store.mjs";
import { hashPassword, parseHash, verifyPassword } from "./password.mjs";
import { createSessions, SESSION_IDLE_MS, SESSION_MAX_MS } from "./sessions.mjs";

const PASSWORD = "rätt häst batteri häftklammer";
/** A cheap hash for tests: the format is the same, the cost lower. */
const cheap = { N: 1024, r: 8, p: 1 };
let hash = "";
beforeAll(async () => {
  hash = await hashPassword(PASSWORD, cheap);
});

const lead = (name, email, extra = {}) => ({
  kind: "lead",
  template: "template_lead",
  receivedAt: new Date("2026-11-20T10:00:00Z"),
  page: "/",
  params: { from_name: name, from_email: email, company: "AB", conversation: "Emma: Hej!\nDu: Hej" },
  ...extra,
});

function adminApp({ store = createFakeStore([lead("Anna", "anna@example.se")]), ...options } = {}) {
  const app = new Hono();
  const logs = [];
  const mounted = mountAdmin(app, {
    passwordHash: hash,
    store,
    insights: createMemoryInsights(),
    templates: DEFAULT_TEMPLATES,
    log: (line) => logs.push(line),
    ...options,
  });
  app.notFound((c) => c.text("the 404 page", 404));
  return { app, store, logs, ...mounted };
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

async function login(app, { password = PASSWORD, address } = {}) {
  const res = await call(app, "POST", "/api/admin/login", { body: { password }, address });
  const cookie = /admin_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  return { res, cookie };
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
  it("is the plain 404, page and every API", async () => {
    const app = new Hono();
    mountAdmin(app, { templates: DEFAULT_TEMPLATES, log: () => {} });
    app.notFound((c) => c.text("the 404 page", 404));
    for (const [method, path] of [["GET", "/admin"], ["POST", "/api/admin/login"], ...ADMIN_API_ROUTES]) {
      const res = await call(app, method, path, { body: method === "POST" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).toBe("the 404 page");
    }
  });

  it("stays off with a value that is not a hash, and says so", async () => {
    const logs = [];
    const app = new Hono();
    mountAdmin(app, { passwordHash: "hunter2", templates: DEFAULT_TEMPLATES, log: (l) => logs.push(l) });
    expect((await call(app, "GET", "/api/admin/session")).status).toBe(404);
    expect(logs.join()).toMatch(/not a hash/);
  });
});

describe("admin access", () => {
  it("answers 401 on every admin API route without a session, and the list names every route", async () => {
    const { app } = adminApp();
    const registered = app.routes
      .filter((r) => r.path.startsWith("/api/admin/") && r.method !== "ALL" && !/login|logout/.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    const listed = ADMIN_API_ROUTES.map(([m, p]) => `${m} ${p.replace(/\?.*$/, "").replace(/\/1$/, "/:id")}`);
    expect([...new Set(registered)].sort()).toEqual([...new Set(listed)].sort());
    for (const [method, path] of ADMIN_API_ROUTES) {
      const res = await call(app, method, path, { body: method === "GET" ? undefined : { state: "handled" } });
      expect(res.status, `${method} ${path}`).toBe(401);
      const forged = await call(app, method, path, {
        body: method === "GET" ? undefined : { state: "handled" },
        cookie: "forged-session-id",
      });
      expect(forged.status, `${method} ${path} with a made-up cookie`).toBe(401);
    }
  });

  it("logs in with the right password: an HttpOnly, SameSite=Strict session cookie, Secure off loopback", async () => {
    const { app } = adminApp();
    const wrong = await login(app, { password: "fel" });
    expect(wrong.res.status).toBe(401);
    expect(wrong.cookie).toBeUndefined();
    const { res, cookie } = await login(app);
    expect(res.status).toBe(204);
    const header = res.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/); // app.request's URL is http://localhost
    expect(cookie).toMatch(/^[\w-]{43}$/);
    expect((await call(app, "GET", "/api/admin/session", { cookie })).status).toBe(200);

    const remote = await app.request(
      "https://nordlys.example/api/admin/login",
      {
        method: "POST",
        body: JSON.stringify({ password: PASSWORD }),
        headers: {
          "content-type": "application/json",
          origin: "https://nordlys.example",
          "sec-fetch-site": "same-origin",
        },
      },
      fromAddress("192.0.2.8"),
    );
    expect(remote.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("refuses a replayed cookie after logout", async () => {
    const { app } = adminApp();
    const { cookie } = await login(app);
    expect((await call(app, "GET", "/api/admin/messages", { cookie })).status).toBe(200);
    const out = await call(app, "POST", "/api/admin/logout", { body: {}, cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/admin_session=;.*Max-Age=0/);
    for (const [method, path] of ADMIN_API_ROUTES) {
      const res = await call(app, method, path, { cookie, body: method === "GET" ? undefined : { state: "handled" } });
      expect(res.status, `${method} ${path} after logout`).toBe(401);
    }
  });

  it("ends a session after the idle timeout and after the absolute lifetime", async () => {
    let t = 1_000_000;
    const sessions = createSessions({ now: () => t });
    const { app } = adminApp({ sessions });
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
    const { app, store } = adminApp();
    const { cookie } = await login(app);
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" };
    for (const path of ["/api/admin/messages/1", "/api/admin/people/erase", "/api/admin/logout", "/api/admin/login"]) {
      const res = await call(app, "POST", path, {
        cookie,
        body: { state: "handled", email: "anna@example.se", confirm: "anna@example.se", password: PASSWORD },
        headers: crossSite,
      });
      expect(res.status, path).toBe(403);
    }
    const form = await app.request(
      "/api/admin/messages/1",
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
    expect(store.rows[0].state).toBe("open");
    expect(store.rows).toHaveLength(1);
    expect((await call(app, "GET", "/api/admin/messages", { cookie, headers: crossSite })).status).toBe(403);
  });

  it("locks a client out after 5 wrong passwords for 15 minutes; another client still logs in", async () => {
    const { app } = adminApp();
    for (let i = 0; i < 5; i++) expect((await login(app, { password: `fel ${i}` })).res.status).toBe(401);
    const locked = await login(app);
    expect(locked.res.status).toBe(429);
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(locked.cookie).toBeUndefined();
    const other = await login(app, { address: "198.51.100.4" });
    expect(other.res.status).toBe(204);
  });

  it("locks every client out once the total of attempts is spent", async () => {
    const { app } = adminApp({
      loginLimits: { perClient: { points: 5, duration: 900 }, total: { points: 3, duration: 900 } },
    });
    for (let i = 0; i < 3; i++) await login(app, { password: "fel", address: `198.51.100.${i}` });
    expect((await login(app, { address: "203.0.113.9" })).res.status).toBe(429);
  });

  it("a right password clears the client's failed attempts", async () => {
    const { app } = adminApp();
    for (let i = 0; i < 4; i++) await login(app, { password: "fel" });
    expect((await login(app)).res.status).toBe(204);
    for (let i = 0; i < 4; i++) expect((await login(app, { password: "fel" })).res.status).toBe(401);
  });
});

describe("admin inbox API", () => {
  const messages = () => [
    lead("Anna", "anna@example.se"),
    {
      kind: "contact",
      template: "template_contact",
      receivedAt: new Date("2026-11-21T10:00:00Z"),
      params: { from_name: "<script>alert(1)</script>", from_email: "bo@example.se", message: '=HYPERLINK("x")' },
    },
    lead("Cecilia", "cecilia@example.se", { receivedAt: new Date("2026-11-22T10:00:00Z"), suspectedSpam: true }),
  ];

  it("lists newest first with the columns, filters and pages", async () => {
    const { app } = adminApp({ store: createFakeStore(messages()) });
    const { cookie } = await login(app);
    const res = await call(app, "GET", "/api/admin/messages?limit=2", { cookie });
    const { total, items } = await res.json();
    expect(total).toBe(3);
    expect(items.map((i) => i.name)).toEqual(["Cecilia", "<script>alert(1)</script>"]);
    expect(items[0]).toMatchObject({ kind: "lead", company: "AB", page: "/", suspectedSpam: true, state: "open" });
    expect(items[0]).not.toHaveProperty("params");
    const leads = await (await call(app, "GET", "/api/admin/messages?kind=lead&text=anna", { cookie })).json();
    expect(leads.items.map((i) => i.name)).toEqual(["Anna"]);
    const page2 = await (await call(app, "GET", "/api/admin/messages?limit=2&offset=2", { cookie })).json();
    expect(page2.items.map((i) => i.name)).toEqual(["Anna"]);
  });

  it("shows one message, marks it handled with a note and reopens it", async () => {
    const { app } = adminApp({ store: createFakeStore(messages()) });
    const { cookie } = await login(app);
    const one = await (await call(app, "GET", "/api/admin/messages/1", { cookie })).json();
    expect(one.params.conversation).toBe("Emma: Hej!\nDu: Hej");
    const handled = await call(app, "POST", "/api/admin/messages/1", {
      cookie,
      body: { state: "handled", note: "Ringd" },
    });
    expect(await handled.json()).toMatchObject({ state: "handled", note: "Ringd" });
    const open = await (await call(app, "POST", "/api/admin/messages/1", { cookie, body: { state: "open" } })).json();
    expect(open.state).toBe("open");
    expect((await call(app, "POST", "/api/admin/messages/1", { cookie, body: { state: "gone" } })).status).toBe(400);
    expect((await call(app, "GET", "/api/admin/messages/99", { cookie })).status).toBe(404);
  });

  it("writes the filtered list as the inbox tool's CSV", async () => {
    const { app } = adminApp({ store: createFakeStore(messages()) });
    const { cookie } = await login(app);
    const res = await call(app, "GET", "/api/admin/messages.csv?kind=contact", { cookie });
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="inkorg-\d{4}-\d\d-\d\d\.csv"/);
    const csv = await res.text();
    const [header, row, end] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      '"received_at","kind","via","suspected_spam","from_name","from_email","company","phone","selected_service","subject","message"',
    );
    expect(row).toContain(`'=HYPERLINK(""x"")`);
    expect(end).toBe("");
  });

  it("exports a person's data and erases it only when confirmed", async () => {
    const { app, store } = adminApp({ store: createFakeStore(messages()) });
    const { cookie } = await login(app);
    const exported = await (
      await call(app, "GET", "/api/admin/people/export?email=anna@example.se", { cookie })
    ).json();
    expect(exported.messages).toHaveLength(1);
    expect(
      (await call(app, "POST", "/api/admin/people/erase", { cookie, body: { email: "anna@example.se" } })).status,
    ).toBe(400);
    const erased = await call(app, "POST", "/api/admin/people/erase", {
      cookie,
      body: { email: "anna@example.se", confirm: "anna@example.se" },
    });
    expect(await erased.json()).toEqual({ erased: 1 });
    expect(store.rows.map((m) => m.params.from_name)).not.toContain("Anna");
  });

  it("answers 503 when the database cannot be reached, and logs it", async () => {
    const store = createFakeStore(messages());
    const { app, logs } = adminApp({ store });
    const { cookie } = await login(app);
    store.failing = true;
    for (const path of ["/api/admin/messages", "/api/admin/messages/1", "/api/admin/messages.csv"]) {
      const res = await call(app, "GET", path, { cookie });
      expect(res.status, path).toBe(503);
      expect(await res.json()).toEqual({ error: "store-unavailable" });
    }
    expect(logs.join("\n")).toMatch(/ECONNREFUSED/);
    expect((await call(app, "GET", "/api/admin/session", { cookie })).status).toBe(200);
  });
});

describe("admin insights API", () => {
  it("clears the questions kept for the page, keeps the daily counts, and logs it", async () => {
    const insights = createMemoryInsights();
    const asked = (question) => ({
      event: "question",
      page: "/",
      outcome: "none",
      question,
      key: question,
      day: "2026-11-26",
      at: new Date("2026-11-26T09:00:00Z"),
    });
    await insights.record(asked("baka bullar"));
    await insights.record(asked("sy gardiner"));
    const { app, logs } = adminApp({ insights, now: () => new Date("2026-11-26T12:00:00Z") });
    const { cookie } = await login(app);
    const summary = async () => (await call(app, "GET", "/api/admin/insights", { cookie })).json();
    expect((await summary()).unanswered).toHaveLength(2);
    const cleared = await call(app, "DELETE", "/api/admin/insights/questions", { cookie, body: {} });
    expect(await cleared.json()).toEqual({ cleared: 2 });
    const after = await summary();
    expect(after.unanswered).toEqual([]);
    expect(after.days.at(-1)).toMatchObject({ day: "2026-11-26", asked: 2, none: 2 });
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
