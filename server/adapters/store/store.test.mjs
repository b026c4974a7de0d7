// @vitest-environment node
// The store's API on both engines: SQLite in a temporary folder, and a PostgreSQL database of its
// own on the local server (created and dropped by this file).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY, plus, startOfSuite } from "../../testing/clock.mjs";
import { tempDir } from "../../testing/helpers.mjs";
import { openStore, StoreUnavailableError } from "./index.mjs";
import { createTestDatabase } from "../../testing/postgres.mjs";

// The suite's frozen now: the stores take it, and every date here is built from it.
const NOW = startOfSuite();
const now = () => NOW;

const contact = (over = {}) => ({
  kind: "contact",
  template: "template_contact",
  params: {
    from_name: "Anna Berg",
    from_email: "Anna@Example.se",
    company: "Berg AB",
    subject: "Hej",
    message: "Ring mig",
  },
  receivedAt: plus(NOW, -7 * DAY),
  ...over,
});

const engines = [
  { engine: "sqlite", setup: async () => ({ databaseUrl: undefined, drop: async () => {} }) },
  {
    engine: "postgres",
    setup: async () => {
      const db = await createTestDatabase();
      return { databaseUrl: db.url, drop: db.drop };
    },
  },
];

describe.each(engines)("the store on $engine", ({ engine, setup }) => {
  let databaseUrl;
  let drop;
  const opened = [];
  const logs = [];
  /** A store on this engine's database, in `dir` (its SQLite file, and where messages.jsonl is read). */
  const open = (options = {}) => {
    const store = openStore({ databaseUrl, log: (l) => logs.push(l), now, ...options, dir: options.dir ?? sharedDir });
    opened.push(store);
    return store;
  };
  let sharedDir;

  beforeAll(async () => {
    ({ databaseUrl, drop } = await setup());
    sharedDir = await tempDir();
  });
  afterAll(async () => {
    for (const s of opened) await s.close();
    await drop();
  });

  it(`reports its engine (${engine}), migrates once and keeps what a second opening sees`, async () => {
    const a = open();
    const b = open();
    expect(a.engine).toBe(engine);
    await Promise.all([a.ready(), b.ready()]);
    const { id, status } = await a.addMessage(contact({ params: { ...contact().params, subject: "Första" } }));
    expect(status).toBe("stored");
    expect((await b.getMessage(id))?.subject).toBe("Första");
    expect(await a.erasePerson("anna@example.se")).toBe(1);
  });

  it("lists newest first with the total, by kind, state and text (any case, å ä ö, % and _ as typed)", async () => {
    const store = open();
    const ids = [];
    const at = (d) => plus(NOW, (d - 4) * DAY);
    ids.push(
      (
        await store.addMessage(
          contact({
            receivedAt: at(1),
            params: { from_name: "Åsa Öberg", from_email: "asa@x.se", message: "100% nöjd" },
          }),
        )
      ).id,
    );
    ids.push(
      (
        await store.addMessage(
          contact({
            receivedAt: at(2),
            kind: "lead",
            template: "template_lead",
            params: { from_name: "Lena", from_email: "lena@x.se", conversation: "Emma: Hej" },
          }),
        )
      ).id,
    );
    ids.push(
      (
        await store.addMessage(
          contact({
            receivedAt: at(3),
            kind: "get-started",
            params: { from_name: "Per", from_email: "per@x.se", selected_service: "Automation", message: "a_b" },
          }),
        )
      ).id,
    );

    const all = await store.listMessages();
    expect(all.total).toBe(3);
    expect(all.items.map((m) => m.id)).toEqual([...ids].reverse());
    expect(all.items[0]).toMatchObject({
      kind: "get-started",
      selected_service: "Automation",
      from_name: "Per",
      state: "open",
      notification: null,
    });
    expect((await store.listMessages({ kind: "lead" })).items.map((m) => m.from_name)).toEqual(["Lena"]);
    expect((await store.listMessages({ text: "ÅSA" })).total).toBe(1);
    expect((await store.listMessages({ text: "100%" })).total).toBe(1);
    expect((await store.listMessages({ text: "1%0" })).total).toBe(0);
    expect((await store.listMessages({ text: "a_b" })).total).toBe(1);
    expect((await store.listMessages({ text: "a%b" })).total).toBe(0);
    expect((await store.listMessages({ text: "'; drop table messages; --" })).total).toBe(0);
    const page = await store.listMessages({ limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.items.map((m) => m.id)).toEqual([ids[1]]);

    const handled = await store.updateMessage(ids[0], { state: "handled", note: "Ringt, offert skickad" });
    expect(handled).toMatchObject({ state: "handled", note: "Ringt, offert skickad" });
    expect((await store.listMessages({ state: "handled" })).items.map((m) => m.id)).toEqual([ids[0]]);
    expect((await store.listMessages({ text: "offert" })).total).toBe(1);
    expect(await store.updateMessage("no-such-id", { state: "handled" })).toBeNull();
    expect(() => store.updateMessage(ids[0], { state: /** @type {any} */ ("gone") })).toThrow(/state/);
    for (const email of ["asa@x.se", "lena@x.se", "per@x.se"]) await store.erasePerson(email);
  });

  it("keeps a call by its id, with its summary", async () => {
    const store = open();
    const { id } = await store.addMessage(
      contact({
        kind: "samtal",
        template: undefined,
        callId: "call-123",
        params: { from_name: "Kim", phone: "070-1234567" },
      }),
    );
    expect(await store.findByCallId("call-999")).toBeNull();
    await store.updateMessage(id, { callSummary: "Vill ha en demo" });
    expect(await store.findByCallId("call-123")).toMatchObject({
      id,
      kind: "samtal",
      phone: "070-1234567",
      callSummary: "Vill ha en demo",
    });
    await store.deleteOlderThan(plus(NOW, DAY));
  });

  it("keeps a call's tool call once (migration 004): the same one again is a duplicate", async () => {
    const store = open();
    const samtal = (toolCallId) =>
      contact({ kind: "samtal", template: undefined, callId: "call-7", toolCallId, params: { from_name: "Kim" } });
    const first = await store.addMessage(samtal("call-7/t1"));
    expect(first.status).toBe("stored");
    expect(await store.addMessage(samtal("call-7/t1"))).toEqual({ id: null, status: "duplicate" });
    expect((await store.addMessage(samtal("call-7/t2"))).status).toBe("stored");
    expect((await store.addMessage(samtal(undefined))).status).toBe("stored");
    expect((await store.addMessage(samtal(undefined))).status).toBe("stored");
    expect((await store.findByToolCallId("call-7/t1"))?.id).toBe(first.id);
    expect(await store.findByToolCallId("call-7/t9")).toBeNull();
    expect((await store.listMessages({ kind: "samtal" })).total).toBe(4);
    await store.deleteOlderThan(plus(NOW, DAY));
  });

  it("writes a message and its notifications in one transaction, one row per channel", async () => {
    const store = open({ notificationChannels: ["email", "webhook"] });
    const { id } = await store.addMessage(contact());
    expect((await store.getMessage(id))?.notification).toEqual({ state: "pending", attempts: 0 });
    expect(await store.enqueueNotifications(id, ["email", "sms"])).toBe(1);
    expect(
      (await store.pendingNotifications())
        .filter((n) => n.messageId === id)
        .map((n) => n.channel)
        .sort(),
    ).toEqual(["email", "sms", "webhook"]);
    // A notification that cannot be written (here: one channel twice) leaves no message behind.
    const before = (await store.listMessages()).total;
    await expect(store.addMessage(contact(), { channels: ["email", "email"] })).rejects.toThrow();
    expect((await store.listMessages()).total).toBe(before);
    await store.erasePerson("anna@example.se");
    expect(await store.pendingNotifications()).toEqual([]);
  });

  it("hands each due notification to one claimer, retries it after an error and never marks a delivered one again", async () => {
    const a = open({ notificationChannels: ["email"] });
    const b = open();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await a.addMessage(contact())).id);
    const [first, second] = await Promise.all([a.claimDueNotifications(NOW, 4), b.claimDueNotifications(NOW, 4)]);
    const claimed = [...first, ...second].map((n) => n.messageId);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(first[0]?.message ?? second[0]?.message).toMatchObject({ from_name: "Anna Berg", kind: "contact" });
    // Leased: nothing is due again until marked or the lease ends.
    expect(await a.claimDueNotifications(NOW, 10)).toEqual([]);
    const [n1, n2, ...rest] = [...first, ...second];
    expect(await a.markNotification(n1.id, { delivered: true })).toBe(true);
    expect(await a.markNotification(n1.id, { error: "late", nextAttemptAt: NOW })).toBe(false);
    const later = plus(NOW, 5 * 60_000);
    await a.markNotification(n2.id, { error: "SMTP 421", nextAttemptAt: later });
    for (const n of rest) await a.markNotification(n.id, { error: "gave up", nextAttemptAt: null });

    const pending = await a.pendingNotifications();
    expect(pending.find((n) => n.id === n2.id)).toMatchObject({ state: "pending", attempts: 1, lastError: "SMTP 421" });
    expect(pending.filter((n) => n.state === "failed")).toHaveLength(4);
    expect(pending.find((n) => n.id === n1.id)).toBeUndefined();
    expect(await a.claimDueNotifications(plus(later, -1), 10)).toEqual([]);
    const retried = await a.claimDueNotifications(later, 10);
    expect(retried.map((n) => n.id)).toEqual([n2.id]);
    expect(retried[0].attempts).toBe(1);
    // A lease that ran out (its worker died) lets another take it.
    expect((await b.claimDueNotifications(plus(later, 61_000), 10)).map((n) => n.id)).toEqual([n2.id]);
    expect((await a.getMessage(n1.messageId))?.notification).toEqual({ state: "delivered", attempts: 1 });
    await a.erasePerson("anna@example.se");
  });

  it("marks a notification only under the claim that holds it, and extends a claim while it is held", async () => {
    const a = open({ notificationChannels: ["email", "webhook"] });
    const b = open();
    await a.addMessage(contact({ params: { ...contact().params, from_email: "claim@example.se" } }));
    const [mine] = await a.claimDueNotifications(NOW, 10, { channel: "webhook", leaseMs: 1000 });
    expect(mine).toMatchObject({ channel: "webhook", claim: expect.any(String) });
    expect(await a.extendNotificationClaim(mine.claim, 60_000)).toBe(1);
    expect(await b.claimDueNotifications(plus(NOW, 2000), 10, { channel: "webhook" })).toEqual([]);
    // The lease ran out (the extension too): another server takes the row, and the first cannot mark it.
    const [theirs] = await b.claimDueNotifications(plus(NOW, 120_000), 10, { channel: "webhook" });
    expect(theirs.id).toBe(mine.id);
    expect(await a.markNotification(mine.id, { delivered: true }, { claim: mine.claim })).toBe(false);
    expect(await a.extendNotificationClaim(mine.claim)).toBe(0);
    expect(await b.markNotification(theirs.id, { delivered: true }, { claim: theirs.claim })).toBe(true);
    await a.erasePerson("claim@example.se");
  });

  it("keeps each of the sender's fields once, in its column, and gives the payload back whole (decision 066)", async () => {
    const store = open();
    const payload = {
      from_name: " Åsa Öberg ",
      from_email: "Asa@Example.se",
      company: "",
      phone: "070-123 45 67",
      selected_service: "Automation",
      message: "Ring mig",
      suspected_spam: "ja",
      subject: "Ny förfrågan för Automation",
      meeting: "onsdag kl. 09:00",
    };
    const { id } = await store.addMessage(contact({ kind: "get-started", params: payload }));
    const kysely = /** @type {import("kysely").Kysely<any>} */ (store.db);
    const row = await kysely.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.params)).toEqual({ message: "Ring mig", suspected_spam: "ja", meeting: "onsdag kl. 09:00" });
    expect(row).toMatchObject({
      from_name: " Åsa Öberg ",
      from_email: "Asa@Example.se",
      company: "",
      subject: payload.subject,
    });
    expect(row).not.toHaveProperty("name");
    const item = await store.getMessage(id);
    expect(JSON.stringify(item?.params)).toBe(JSON.stringify(payload));
    expect(item).toMatchObject({
      from_name: "Åsa Öberg",
      from_email: "Asa@Example.se",
      company: null,
      suspectedSpam: true,
    });
    expect((await store.listMessages({ text: "åsa öberg" })).items.map((m) => m.id)).toEqual([id]);
    expect((await store.exportPerson("asa@example.se"))[0].params).toEqual(payload);
    expect(await store.erasePerson("ASA@example.se")).toBe(1);
  });

  it("exports everything about a person and erases it, whatever the address's case", async () => {
    const store = open({ notificationChannels: ["email"] });
    await store.addMessage(contact());
    await store.addMessage(
      contact({
        kind: "lead",
        params: { from_name: "Anna", from_email: " anna@example.SE ", conversation: "Emma: Hej Anna" },
      }),
    );
    const other = await store.addMessage(contact({ params: { from_name: "Bo", from_email: "bo@example.se" } }));
    const kept = await store.exportPerson("ANNA@example.se");
    expect(kept).toHaveLength(2);
    expect(kept[1]).toMatchObject({ kind: "lead", params: { conversation: "Emma: Hej Anna" } });
    expect(kept[0].notifications).toEqual([expect.objectContaining({ channel: "email", state: "pending" })]);
    expect(await store.erasePerson("anna@EXAMPLE.se")).toBe(2);
    expect(await store.exportPerson("anna@example.se")).toEqual([]);
    expect(await store.erasePerson("")).toBe(0);
    expect((await store.pendingNotifications()).map((n) => n.messageId)).toEqual([other.id]);
    await store.erasePerson("bo@example.se");
  });

  it("deletes what is older than a date, and its notifications", async () => {
    const store = open({ notificationChannels: ["email"] });
    const old = await store.addMessage(contact({ receivedAt: plus(NOW, -700 * DAY) }));
    const recent = await store.addMessage(contact({ receivedAt: plus(NOW, -DAY) }));
    expect(await store.deleteOlderThan(plus(NOW, -365 * DAY))).toBe(1);
    expect(await store.getMessage(old.id)).toBeNull();
    expect(await store.getMessage(recent.id)).not.toBeNull();
    expect((await store.pendingNotifications()).map((n) => n.messageId)).toEqual([recent.id]);
    await store.erasePerson("anna@example.se");
  });

  it("imports an old messages.jsonl once: every message, a broken line reported and skipped, the file untouched", async () => {
    const dir = await tempDir();
    // The old server wrote its lines two months ago.
    const [written, writtenNext] = [-60, -59].map((d) => plus(NOW, d * DAY).toISOString());
    const line = (params, extra = {}) =>
      JSON.stringify({
        receivedAt: written,
        via: "api",
        service_id: "local_inbox",
        template_id: "template_contact",
        template_params: params,
        ...extra,
      });
    const lines = [
      line({ from_name: "Old One", from_email: "old1@x.se", subject: "A" }),
      `{"receivedAt":"${writtenNext}","template_params":{"from_name":"Tor`,
      line({ from_name: "Old One", from_email: "old1@x.se", subject: "A" }),
      line({ from_name: "Lead", from_email: "lead@x.se", conversation: "Emma: Hej" }, { template_id: "template_lead" }),
      line(
        { from_name: "Form", from_email: "form@x.se", selected_service: "Automation" },
        { via: "no-js", template_id: "template_get_started" },
      ),
      "",
    ];
    const text = lines.join("\n");
    await writeFile(join(dir, "messages.jsonl"), text);
    const before = logs.length;
    const first = open({ dir });
    const got = await first.listMessages();
    expect(got.total).toBe(4);
    expect(got.items.map((m) => m.kind).sort()).toEqual(["contact", "contact", "get-started", "lead"]);
    expect(got.items.find((m) => m.kind === "get-started")).toMatchObject({
      noJs: true,
      selected_service: "Automation",
      receivedAt: written,
    });
    const said = logs.slice(before);
    expect(said).toContainEqual(expect.stringMatching(/line 2 of .*messages\.jsonl is not a message: skipped/));
    expect(said).toContainEqual(expect.stringMatching(/imported 4 message\(s\)/));
    expect(await readFile(join(dir, "messages.jsonl"), "utf8")).toBe(text);

    // Again (a restart, a second server): nothing twice; an erased person does not come back.
    expect(await first.erasePerson("lead@x.se")).toBe(1);
    const second = open({ dir });
    expect((await second.listMessages()).total).toBe(3);
    // Lines the old server added after the import are taken on the next start.
    await writeFile(join(dir, "messages.jsonl"), `${text}${line({ from_name: "Late", from_email: "late@x.se" })}\n`);
    const third = open({ dir });
    expect((await third.listMessages()).items.map((m) => m.from_name)).toContain("Late");
    expect((await third.listMessages()).total).toBe(4);
    for (const e of ["old1@x.se", "form@x.se", "late@x.se"]) await third.erasePerson(e);
  });
});

describe("the store without its database", () => {
  it("says once that PostgreSQL cannot be reached and throws StoreUnavailableError on each call", async () => {
    const logs = [];
    const store = openStore({
      databaseUrl: "postgres://postgres@127.0.0.1:5309/none",
      dir: await tempDir(),
      log: (l) => logs.push(l),
    });
    await expect(store.addMessage(contact())).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.listMessages()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(logs).toEqual([
      expect.stringMatching(/^store: UNAVAILABLE: cannot reach PostgreSQL \(DATABASE_URL\) \(ECONNREFUSED\)/),
    ]);
    await store.close();
  });
});

describe("rate limits on the store's PostgreSQL", () => {
  it("lets rate-limiter-flexible's Postgres limiter use the store's pool (its own table)", async () => {
    const db = await createTestDatabase();
    const store = openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {} });
    await store.ready();
    const limiter = await new Promise((resolve, reject) => {
      const l = new RateLimiterPostgres(
        { storeClient: store.pool, points: 2, duration: 60, tableName: "t29_limits" },
        (e) => (e ? reject(e) : resolve(l)),
      );
    });
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(
        await limiter.consume("203.0.113.9").then(
          () => "ok",
          () => "limited",
        ),
      );
    expect(results).toEqual(["ok", "ok", "limited"]);
    expect((await store.addMessage(contact())).status).toBe("stored");
    await store.close();
    await db.drop();
  });
});
