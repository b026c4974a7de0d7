// @vitest-environment node
// The notification queue end to end on the real store, on both engines: a message posted to the
// inbox reaches a real SMTP server and a webhook receiver on loopback, once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getStartedCopy } from "../../../app/content/contact-form.ts";
import { leadNotificationCopy } from "../../../app/content/lead-notification.ts";
import { openStore } from "../store/index.mjs";
import { createTestDatabase } from "../../testing/postgres.mjs";
import { inboxApp, postJson, tempDir, validMessage } from "../../testing/helpers.mjs";
import { createNotifications } from "./index.mjs";
import { createMailer } from "./mailer.mjs";
import { mailHeader, startSmtp, startWebhook } from "../../testing/receivers.mjs";
import { createWebhook } from "./webhook.mjs";
import { createNotifyWorker } from "./worker.mjs";

const engines = [
  { engine: "sqlite", setup: async () => ({ databaseUrl: undefined, drop: async () => {} }) },
  { engine: "postgres", setup: () => createTestDatabase("t29b") },
];

const until = async (check, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

const forms = { salesEmail: "salj@nordlysai.se", notification: leadNotificationCopy };
const lead = (email) => ({
  ...validMessage,
  template_id: "template_get_started",
  template_params: {
    from_name: "Erik Lund",
    from_email: email,
    phone: "070-123 45 67",
    selected_service: "Automation",
    subject: "Ny förfrågan för Automation",
    suspected_spam: "ja",
  },
});

describe.each(engines)("the notification queue on $engine", ({ setup }) => {
  let smtp;
  let hook;
  let db;
  let dir;
  const logs = [];
  const log = (l) => logs.push(l);
  const closers = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    hook = await startWebhook();
    db = await setup();
    dir = await tempDir();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    await smtp.close();
    await hook.close();
    await db.drop();
  });

  const env = () => ({ SMTP_URL: smtp.url, LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: "s3cret-0123456789" });

  /** A server's parts: its store with the channels' rows, the worker, and the inbox on it. */
  function server() {
    const notifications = createNotifications({ env: env(), forms, log });
    const store = openStore({ databaseUrl: db.url, dir, log, notificationChannels: notifications.channels });
    notifications.start(store);
    closers.push(
      () => store.close(),
      () => notifications.stop(),
    );
    const subjects = { "get-started": getStartedCopy.subject("{service}") };
    const { app } = inboxApp({ dir, store, notifications, subjects, rateLimit: { points: 1000 } });
    return { app, store, notifications };
  }

  it("tells the sales team of a posted message by mail and webhook, once each", async () => {
    const { app, store } = server();
    const email = `erik.${Date.now()}@lund.se`;
    const started = Date.now();
    expect(
      (
        await postJson(app, {
          body: lead(email),
          headers: { referer: "http://localhost/kom-igang", host: "localhost" },
        })
      ).status,
    ).toBe(200);
    const mine = () => smtp.mails.filter((m) => mailHeader(m.raw, "Reply-To") === email);
    const hooks = () => hook.requests.filter((r) => JSON.parse(r.body).from_email === email);
    await until(() => mine().length === 1 && hooks().length === 1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(mailHeader(mine()[0].raw, "Subject")).toBe("Ny förfrågan för Automation");
    expect(JSON.parse(hooks()[0].body)).toMatchObject({ kind: "get-started", page: "/kom-igang", suspectedSpam: true });
    await until(async () => (await store.pendingNotifications()).length === 0);
    const [item] = (await store.listMessages({ text: email })).items;
    expect(item.notification).toMatchObject({ state: "delivered" });
  });

  it("keeps a notification the SMTP server refuses, and delivers it after a restart", async () => {
    const first = server();
    const email = `per.${Date.now()}@holm.se`;
    smtp.refuse(1000);
    expect((await postJson(first.app, { body: lead(email) })).status).toBe(200);
    await until(() => logs.some((l) => /email notification \S+ failed \(attempt 1: EMESSAGE 451\)/.test(l)));
    const pending = await first.store.pendingNotifications();
    expect(pending.map((n) => n.channel)).toEqual(["email"]);
    expect(pending[0].lastError).toBe("EMESSAGE 451");
    // The server stops; a new one (a new store on the same data) takes the row over.
    for (const close of closers.splice(0).reverse()) await close();
    smtp.refuse(0);
    const second = server();
    // Its next attempt is 5 s out: made due now, as a restart after that wait would find it.
    const [row] = await second.store.pendingNotifications();
    await second.store.markNotification(row.id, { error: "test: due now", nextAttemptAt: new Date() });
    second.notifications.kick();
    await until(() => smtp.mails.filter((m) => mailHeader(m.raw, "Reply-To") === email).length === 1);
    await until(async () => (await second.store.pendingNotifications()).length === 0);
    for (const line of logs) expect(line).not.toContain(email);
  });

  it("never sends one notification twice when two workers share the store", async () => {
    const store = openStore({ databaseUrl: db.url, dir, log, notificationChannels: ["webhook"] });
    closers.push(() => store.close());
    const before = hook.requests.length;
    for (let i = 0; i < 20; i++) {
      await store.addMessage({
        kind: "contact",
        template: "template_contact",
        params: { from_email: `k${i}@kontor.se`, subject: "Nytt meddelande" },
        receivedAt: new Date(),
      });
    }
    // Two servers: a store each on the same data, a worker each.
    const workers = [1, 2].map(() => {
      const own = openStore({ databaseUrl: db.url, dir, log });
      closers.push(() => own.close());
      return createNotifyWorker({
        store: own,
        channels: { webhook: createWebhook({ url: hook.url }) },
        copy: leadNotificationCopy,
        log,
        pollMs: 5,
        batch: 3,
      });
    });
    for (const w of workers) {
      closers.push(() => w.stop());
      w.start();
    }
    await until(async () => (await store.pendingNotifications()).length === 0);
    const keys = hook.requests.slice(before).map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(20);
    expect(new Set(keys).size).toBe(20);
  });

  it("mails a new lead at once while the webhook hangs on a backlog (each channel on its own)", async () => {
    const own = await setup();
    closers.push(() => own.drop());
    const store = openStore({
      databaseUrl: own.url,
      dir: await tempDir(),
      log,
      notificationChannels: ["email", "webhook"],
    });
    closers.push(() => store.close());
    const contact = (email) => ({
      kind: "contact",
      template: "template_contact",
      params: { from_email: email, subject: "Nytt meddelande" },
      receivedAt: new Date(),
    });
    for (let i = 0; i < 30; i++) await store.addMessage(contact(`kö${i}@kontor.se`));
    const hanging = await startWebhook();
    hanging.respondWith(() => "hang");
    const w = createNotifyWorker({
      store,
      channels: {
        email: createMailer({ url: smtp.url, to: "salj@nordlysai.se" }),
        webhook: createWebhook({ url: hanging.url, timeoutMs: 10_000 }),
      },
      copy: leadNotificationCopy,
      log,
      pollMs: 20,
    });
    closers.push(() => w.stop());
    closers.push(() => hanging.close());
    w.start();
    await until(() => hanging.requests.length > 0);
    const email = `ny.${Date.now()}@kund.se`;
    await store.addMessage(contact(email));
    w.kick();
    // While the first webhooks still hang: before, rounds of ten rows each waited them out (60 s).
    await until(() => smtp.mails.some((m) => mailHeader(m.raw, "Reply-To") === email), 8000);
    expect(hanging.requests.every((r) => r.status === "hang")).toBe(true);
  }, 30_000);
});

describe("two servers on one PostgreSQL database and an SMTP server slower than the claim", () => {
  it("sends the mail once: the claim outlives the send, and marking it checks the claim", async () => {
    const db = await createTestDatabase("t46n");
    const smtp = await startSmtp();
    const dir = await tempDir();
    const stores = [];
    try {
      const seed = openStore({ databaseUrl: db.url, dir, log: () => {}, notificationChannels: ["email"] });
      stores.push(seed);
      await seed.addMessage({
        kind: "contact",
        template: "template_contact",
        params: { from_email: "langsam@kund.se", subject: "Nytt meddelande" },
        receivedAt: new Date(),
      });
      // The send outlasts the lease twice over; the lease leaves a busy machine 1.6 s between extensions.
      smtp.delay(5000);
      const workers = [1, 2].map(() => {
        const own = openStore({ databaseUrl: db.url, dir, log: () => {} });
        stores.push(own);
        return createNotifyWorker({
          store: own,
          channels: { email: createMailer({ url: smtp.url, to: "salj@nordlysai.se" }) },
          copy: leadNotificationCopy,
          log: () => {},
          pollMs: 20,
          leaseMs: 2400,
        });
      });
      for (const w of workers) w.start();
      await until(async () => (await seed.pendingNotifications()).length === 0);
      await Promise.all(workers.map((w) => w.stop()));
      const ids = smtp.mails.map((m) => mailHeader(m.raw, "Message-ID"));
      expect(ids).toHaveLength(1);
      expect(ids[0]).toMatch(/@nordlysai\.se>$/);
    } finally {
      for (const s of stores) await s.close();
      await smtp.close();
      await db.drop();
    }
  }, 30_000);
});

describe("the deliveries capabilities hand the worker", () => {
  it("give each its own rows by prefix, with no channel for the team", async () => {
    const store = openStore({ dir: await tempDir(), log: () => {}, notificationChannels: [] });
    try {
      const { id } = await store.addMessage({
        kind: "contact",
        template: "template_contact",
        params: { from_name: "Kim", from_email: "kim@kund.se" },
        receivedAt: new Date(),
      });
      for (const channel of ["sms:reminder:0", "fax:cover:0", "sms:cancel:0"])
        await store.enqueueMail(id, { channel, key: `${id}:${channel}`, payload: { channel } });
      const got = [];
      const delivery = (prefix) => ({
        prefix,
        deliver: async (row, message) => {
          got.push(`${prefix} ${row.channel} ${message.params.from_email}`);
          return { ok: true };
        },
      });
      const deliveries = [delivery("sms:"), delivery("fax:")];
      await createNotifyWorker({
        store,
        channels: {},
        copy: leadNotificationCopy,
        log: () => {},
        deliveries,
      }).runOnce();
      expect(got.sort()).toEqual([
        "fax: fax:cover:0 kim@kund.se",
        "sms: sms:cancel:0 kim@kund.se",
        "sms: sms:reminder:0 kim@kund.se",
      ]);
      expect(await store.pendingNotifications()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
