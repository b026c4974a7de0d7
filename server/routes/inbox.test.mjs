// @vitest-environment node
import { spawn } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inboxError, inboxLogLine } from "./inbox.mjs";
import { MAX_CONVERSATION_CHARS, MAX_PARAM_CHARS } from "../lib/message-fields.mjs";
import { sql } from "kysely";
import { openStore } from "../adapters/store/index.mjs";
import { inboxApp, postJson, sameSite, storedMessages, tempDir, validMessage as valid } from "../testing/helpers.mjs";
import { captureLog } from "../testing/log-capture.mjs";
import { mountAdmin, SESSION_COOKIE } from "./admin/admin.mjs";
import { hashPassword } from "./admin/password.mjs";

/** What the store in `dir` keeps, oldest first, read as `npm run inbox` would (a second connection). */
async function linesOf(dir) {
  const store = openStore({ dir, log: () => {} });
  try {
    return await storedMessages(store);
  } finally {
    await store.close();
  }
}

const withParams = (params) => ({ ...valid, template_params: { ...valid.template_params, ...params } });

describe("local inbox", () => {
  it("checks the EmailJS request shape", () => {
    expect(inboxError(valid)).toBeNull();
    expect(inboxError([])).toMatch(/object/);
    expect(inboxError({ ...valid, service_id: "" })).toMatch(/service_id/);
    expect(inboxError({ ...valid, template_params: { a: 1 } })).toMatch(/string/);
  });

  it("stores each message and answers like EmailJS", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir });
    const res = await postJson(app);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("OK");
    await postJson(app);
    const lines = await linesOf(dir);
    expect(lines).toHaveLength(2);
    // The sender's subject is not kept: the server writes the form's own (with the build's copy).
    expect(lines[0].template_params).toEqual({ from_name: "Anna", from_email: "anna@example.se" });
    expect(lines[0]).toMatchObject({
      kind: "contact",
      noJs: false,
      from_name: "Anna",
      from_email: "anna@example.se",
      page: null,
    });
    await postJson(app, { headers: { referer: "http://localhost/kom-igang?x=1" } });
    await postJson(app, { headers: { referer: "https://evil.example/page" } });
    expect((await linesOf(dir)).slice(2).map((m) => m.page)).toEqual(["/kom-igang", null]);
    expect((await postJson(app, { body: "{nope" })).status).toBe(400);
  });

  it("keeps the client's suspected-spam mark as sent", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir });
    expect((await postJson(app, { body: withParams({ suspected_spam: "ja" }) })).status).toBe(200);
    const [line] = await linesOf(dir);
    expect(line.template_params).toMatchObject({ suspected_spam: "ja" });
    expect(line.suspectedSpam).toBe(true);
  });

  it("takes only the site's own template ids", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir, rateLimit: { points: 100 } });
    for (const id of ["template_contact", "template_get_started", "template_lead"]) {
      expect((await postJson(app, { body: { ...valid, template_id: id } })).status).toBe(200);
    }
    for (const id of ["template_other", "x".repeat(60_000), ""]) {
      expect((await postJson(app, { body: { ...valid, template_id: id } })).status).toBe(400);
    }
    const custom = inboxApp({ dir, templates: { contact: "tpl_a", "get-started": "tpl_b", lead: "tpl_c" } });
    expect((await postJson(custom.app, { body: { ...valid, template_id: "tpl_c" } })).status).toBe(200);
    expect((await postJson(custom.app, { body: valid })).status).toBe(400);
    expect(await linesOf(dir)).toHaveLength(4);
  });

  it("bounds each param: the lead's conversation to 40,000 characters, a message to the forms' 2,000", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir, rateLimit: { points: 100 } });
    const lead = (conversation) => ({ ...withParams({ conversation }), template_id: "template_lead" });
    expect((await postJson(app, { body: lead("å".repeat(MAX_CONVERSATION_CHARS)) })).status).toBe(200);
    expect((await postJson(app, { body: lead("å".repeat(MAX_CONVERSATION_CHARS + 1)) })).status).toBe(400);
    expect((await postJson(app, { body: withParams({ message: "x".repeat(2000) }) })).status).toBe(200);
    const long = await postJson(app, { body: withParams({ message: "x".repeat(2001) }) });
    expect(long.status).toBe(400);
    expect(await long.text()).toMatch(/message is longer than 2000/);
    const unread = await postJson(app, { body: withParams({ other: "x".repeat(MAX_PARAM_CHARS + 1) }) });
    expect(await unread.text()).toMatch(/other is longer than 8000/);
    const many = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`p${i}`, "x"]));
    expect((await postJson(app, { body: withParams(many) })).status).toBe(400);
    expect(await linesOf(dir)).toHaveLength(2);
  });

  it("answers 413 for a body over the limit, also a chunked one with no length, without reading it all", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir });
    expect((await postJson(app, { body: "x".repeat(300_000) })).status).toBe(413);
    let pulled = 0;
    const endless = new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await app.request(
      "/api/v1.0/email/send",
      {
        method: "POST",
        body: endless,
        duplex: "half",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked", origin: "http://localhost" },
      },
      {},
    );
    expect(res.status).toBe(413);
    // 192 KB is 3 chunks of 64 KB: reading stopped right after the limit.
    expect(pulled).toBeLessThan(8);
    expect(await linesOf(dir)).toHaveLength(0);
  });

  it("refuses what other sites' pages send through their visitors' browsers", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir, rateLimit: { points: 100 }, siteOrigin: "https://www.nordlysai.se" });
    const evil = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    // A cross-site form with enctype="text/plain", fetch with mode "no-cors", sendBeacon:
    const attempts = [
      { "content-type": "text/plain", ...evil, "sec-fetch-mode": "navigate" },
      { "content-type": "text/plain;charset=UTF-8", ...evil, "sec-fetch-mode": "no-cors" },
      { "content-type": "application/json", ...evil, "sec-fetch-mode": "no-cors" },
      { "content-type": "application/json", origin: "https://evil.example" },
      { "content-type": "application/json", origin: "null", "sec-fetch-site": "cross-site" },
      { "content-type": "application/json", "sec-fetch-site": "same-site", origin: "https://shop.nordlysai.se" },
      { "content-type": "application/json", "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" },
    ];
    for (const headers of attempts) {
      const res = await app.request(
        "/api/v1.0/email/send",
        { method: "POST", body: JSON.stringify(valid), headers },
        {},
      );
      expect([403, 415], JSON.stringify(headers)).toContain(res.status);
    }
    // Same origin but not JSON: refused too.
    expect((await postJson(app, { headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await postJson(app, { headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(
      415,
    );
    expect(await linesOf(dir)).toHaveLength(0);

    // The site's own page (also by its public origin behind a proxy), and a client without a browser.
    expect((await postJson(app)).status).toBe(200);
    expect((await postJson(app, { headers: { origin: "https://www.nordlysai.se" } })).status).toBe(200);
    const curl = await app.request(
      "/api/v1.0/email/send",
      { method: "POST", body: JSON.stringify(valid), headers: { "content-type": "application/json; charset=utf-8" } },
      {},
    );
    expect(curl.status).toBe(200);
    expect(await linesOf(dir)).toHaveLength(3);
  });

  it("keeps U+2028, U+2029, U+0085 and line breaks as they were sent", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir });
    const message = "a\u2028b\u2029c\u0085d\ne";
    expect((await postJson(app, { body: withParams({ message }) })).status).toBe(200);
    const [line] = await linesOf(dir);
    expect(line.template_params.message).toBe(message);
  });

  it("retries creating its folder after a failure instead of failing until a restart", async () => {
    const parent = await tempDir();
    const dir = join(parent, "inbox");
    // A file where the folder should be: mkdir fails.
    await writeFile(dir, "in the way");
    const { app } = inboxApp({ dir });
    expect((await postJson(app)).status).toBe(500);
    await rm(dir);
    expect((await postJson(app)).status).toBe(200);
    expect(await linesOf(dir)).toHaveLength(1);
  });

  it("logs what visitors typed escaped and bounded: no forged lines, no terminal codes", async () => {
    const log = captureLog();
    const dir = await tempDir();
    const { app } = inboxApp({ dir, quiet: false });
    const forged = "Anna\ninbox: template_lead from Forged <f@x.se>: ok\r\u001b[2J\u001b]0;title\u0007";
    // A one-line field with control characters is not taken (issue 43), so nothing is logged of it.
    expect((await postJson(app, { body: withParams({ from_name: forged }) })).status).toBe(400);
    await postJson(app, { body: withParams({ from_name: "Anna \u202eesle", company: "y".repeat(120) }) });
    const lines = log.lines;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Anna \\u202eesle");
    const line = inboxLogLine("template_lead", { from_name: forged, subject: "y".repeat(5000) });
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(line).toContain("Anna\\ninbox: template_lead");
    expect(line.length).toBeLessThan(400);
    expect(inboxLogLine("x".repeat(60_000), {}).length).toBeLessThan(200);
  });

  it("lets a 50-person office behind one address through, 5 per sender e-mail, then 429 with Retry-After", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir });
    const office = "203.0.113.9";
    const colleague = (i) => withParams({ from_email: `kollega${i}@kontor.se` });
    const statuses = [];
    for (let i = 0; i < 50; i++) statuses.push((await postJson(app, { address: office, body: colleague(i) })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // One sender, whatever the case of the address: 5 in 10 minutes.
    const same = [];
    for (let i = 0; i < 6; i++) {
      const email = i % 2 ? "Per@Kontor.se" : " per@kontor.se";
      same.push((await postJson(app, { address: office, body: withParams({ from_email: email }) })).status);
    }
    expect(same).toEqual([200, 200, 200, 200, 200, 429]);
    // The address's 60th message goes through (50 + 5 + the refused one counted), the 61st does not.
    for (let i = 50; i < 54; i++) statuses.push((await postJson(app, { address: office, body: colleague(i) })).status);
    expect(statuses.slice(50)).toEqual([200, 200, 200, 200]);
    const refused = await postJson(app, { address: office, body: colleague(99) });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // X-Forwarded-For is anyone's to send: it counts only behind a proxy the operator names.
    const spoofed = await postJson(app, {
      address: office,
      body: colleague(98),
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    expect(spoofed.status).toBe(429);
    expect(await linesOf(dir)).toHaveLength(59);
  });

  it("lets another client's lead through while one client floods", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir, trustProxy: true });
    const flood = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        postJson(app, {
          headers: { "x-forwarded-for": "203.0.113.9" },
          body: withParams({ from_email: `bot${i}@spam.example`, message: "x".repeat(2000) }),
        }),
      ),
    );
    const counts = {};
    for (const r of flood) counts[r.status] = (counts[r.status] ?? 0) + 1;
    expect(counts).toEqual({ 200: 60, 429: 440 });
    const lead = {
      ...withParams({ from_name: "Lena", conversation: "Emma: Hej!\nBesökare: Hej" }),
      template_id: "template_lead",
    };
    const res = await postJson(app, { body: lead, headers: { "x-forwarded-for": "198.51.100.7, 10.0.0.1" } });
    expect(res.status).toBe(200);
    const lines = await linesOf(dir);
    expect(lines).toHaveLength(61);
    expect(lines[60].template_params.from_name).toBe("Lena");
  });

  it("refuses with 507 once the store reaches its size cap, logs it once, and takes messages again when space is made", async () => {
    const log = captureLog();
    const dir = await tempDir();
    const probe = openStore({ dir, log: () => {} });
    const empty = await probe.sizeBytes();
    await probe.close();
    const { app, store } = inboxApp({
      dir,
      quiet: false,
      maxBytes: empty + 48 * 1024,
      rateLimit: { points: 100 },
      emailRateLimit: { points: 100 },
    });
    const statuses = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await postJson(app, { body: withParams({ message: "x".repeat(2000) }) })).status);
    const stored = statuses.filter((s) => s === 200).length;
    expect(stored).toBeGreaterThan(0);
    expect(statuses.slice(stored).every((s) => s === 507)).toBe(true);
    expect(stored).toBeLessThan(40);
    const full = await postJson(app);
    expect(full.status).toBe(507);
    expect(full.headers.get("retry-after")).toBeTruthy();
    expect(await store.sizeBytes()).toBeLessThanOrEqual(empty + 48 * 1024);
    const fullLines = log.lines.filter((l) => l.includes("FULL"));
    expect(fullLines).toHaveLength(1);
    expect(fullLines[0]).toMatch(/INBOX_MAX_BYTES/);
    // The operator erases what may go: messages are taken again.
    expect(await store.erasePerson("anna@example.se")).toBe(stored);
    expect((await postJson(app)).status).toBe(200);
  });

  it("stores concurrent messages whole, each once", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir, rateLimit: { points: 1000 }, emailRateLimit: { points: 1000 } });
    const sizes = Array.from({ length: 60 }, (_, i) => 100 + ((i * 977) % 1900));
    const results = await Promise.all(
      sizes.map((n, i) =>
        postJson(app, { body: withParams({ message: String(i % 10).repeat(n), from_name: `#${i}` }) }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const records = await linesOf(dir);
    expect(records).toHaveLength(60);
    for (const r of records) {
      const i = Number(r.template_params.from_name.slice(1));
      expect(r.template_params.message).toBe(String(i % 10).repeat(sizes[i]));
    }
  });

  it("commits each message with a flush to disk (SQLite: WAL, synchronous=FULL) before it answers 200", async () => {
    const dir = await tempDir();
    const { app, store } = inboxApp({ dir });
    expect((await postJson(app)).status).toBe(200);
    const { rows: sync } = await sql`pragma synchronous`.execute(store.db);
    const { rows: journal } = await sql`pragma journal_mode`.execute(store.db);
    expect(sync).toEqual([{ synchronous: 2 }]);
    expect(journal).toEqual([{ journal_mode: "wal" }]);
  });

  // Starting a server process takes seconds on a busy machine: the test's bound is its own.
  it("keeps a message answered 200 when the server is killed (kill -9) right after", async () => {
    const dir = await tempDir();
    const server = spawn(process.execPath, ["server/index.mjs"], {
      env: { ...process.env, PORT: "0", INBOX_DIR: dir, BUILD_ROOT: join(dir, "no-build"), NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const url = await new Promise((resolve, reject) => {
        server.stdout.on("data", (d) => {
          const m = /on (http:\/\/\S+)/.exec(String(d));
          if (m) resolve(m[1]);
        });
        server.on("exit", reject);
      });
      const res = await fetch(`${url}/api/v1.0/email/send`, {
        method: "POST",
        body: JSON.stringify(withParams({ message: "kept" })),
        headers: { "content-type": "application/json", origin: url },
      });
      server.kill("SIGKILL");
      expect(res.status).toBe(200);
      const [line] = await linesOf(dir);
      expect(line.template_params.message).toBe("kept");
    } finally {
      server.kill("SIGKILL");
    }
  }, 30_000);
});

// Issue 43: what a stranger sends through the JSON inbox can neither bloat the store nor write
// the sales team's mail, and whoever it takes can be exported and erased.
describe("the inbox against a stranger", () => {
  const subjects = { contact: "Nytt meddelande från {name}", "get-started": "Ny förfrågan för {service}" };

  it("keeps only the form's known fields: invented names never reach the store", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir });
    const invented = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`x_${i}`, "y".repeat(200)]));
    expect((await postJson(app, { body: withParams({ ...invented, message: "Hej", conversation: "z" }) })).status).toBe(
      200,
    );
    const [line] = await linesOf(dir);
    expect(Object.keys(line.template_params).sort()).toEqual(["from_email", "from_name", "message"]);
  });

  it("writes the spec's subject from the form's kind, never the sender's", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir, subjects, services: ["Automation"] });
    const forged = "Faktura 2026-118 förfaller idag – bekräfta betalning";
    expect((await postJson(app, { body: withParams({ subject: forged }) })).status).toBe(200);
    const getStarted = {
      ...withParams({ subject: forged, selected_service: "Automation" }),
      template_id: "template_get_started",
    };
    expect((await postJson(app, { body: getStarted })).status).toBe(200);
    const unknown = { ...getStarted, template_params: { ...getStarted.template_params, selected_service: forged } };
    expect((await postJson(app, { body: unknown })).status).toBe(400);
    expect((await linesOf(dir)).map((l) => l.template_params.subject)).toEqual([
      "Nytt meddelande från Anna",
      "Ny förfrågan för Automation",
    ]);
  });

  it("refuses two addresses, a display name and line breaks in one-line fields (also the no-JS names), with 400", async () => {
    const dir = await tempDir();
    const { app } = inboxApp({ dir, rateLimit: { points: 100 } });
    for (const params of [
      { from_email: "anna@example.se, vd@storkund.se" },
      { from_email: "Storkund AB <vd@storkund.se>" },
      { from_email: "a,vd@storkund.se" },
      { from_email: "" },
      { from_name: "Anna\nE-post: vd@storkund.se" },
      { from_name: "Anna\u2028E-post: vd@storkund.se" },
      { company: "AB\r\nTelefon: 08-1" },
      { from_name: "x".repeat(202) },
    ]) {
      const res = await postJson(app, { body: withParams(params) });
      expect(res.status, JSON.stringify(params)).toBe(400);
    }
    expect(await linesOf(dir)).toHaveLength(0);
  });

  it("takes only senders the operator's page can export and erase", async () => {
    const dir = await tempDir();
    const { app, store } = inboxApp({ dir, emailRateLimit: { points: 100 } });
    const password = "ett långt lösenord för testet";
    mountAdmin(app, {
      passwordHash: await hashPassword(password, { N: 1024, r: 8, p: 1 }),
      store,
      templates: {},
      log: () => {},
    });
    const request = (method, path, body, cookie) =>
      app.request(path, {
        method,
        ...(body ? { body: JSON.stringify(body) } : {}),
        headers: { ...sameSite, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      });
    const login = await request("POST", "/api/admin/login", { password });
    const cookie = `${SESSION_COOKIE}=${/admin_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1]}`;
    for (const from_email of [`${"a".repeat(240)}@example.se`, "o'brien+offert@sub.example.co.uk", "Åsa@Exempel.SE"]) {
      expect((await postJson(app, { body: withParams({ from_email }) })).status, from_email).toBe(200);
      const exported = await request(
        "GET",
        `/api/admin/people/export?email=${encodeURIComponent(from_email)}`,
        null,
        cookie,
      );
      expect(exported.status, from_email).toBe(200);
      expect((await exported.json()).messages).toHaveLength(1);
      const erased = await request(
        "POST",
        "/api/admin/people/erase",
        { email: from_email, confirm: from_email },
        cookie,
      );
      expect(await erased.json(), from_email).toEqual({ erased: 1 });
    }
    expect(await linesOf(dir)).toHaveLength(0);
  });
});
