// @vitest-environment node
// A surge of bookings (decision 062): one mail to the team a window, bookings held for approval (a
// declined one frees its slot), on SQLite and on two instances of one PostgreSQL database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createApp } from "../app.mjs";
import { createNotifications } from "../adapters/notify/index.mjs";
import { createStoreMeetings } from "../adapters/store/meetings.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { bookingConfig } from "./config.mjs";
import { bookingForms as forms } from "../testing/booking-forms.mjs";
import { HOUR, MINUTE, plus, startOfSuite, workday } from "../testing/clock.mjs";
import { fromAddress, sameSite, tempDir } from "../testing/helpers.mjs";
import { createTestDatabase } from "../testing/postgres.mjs";
import { mailHeader, mailParts, startSmtp } from "../testing/receivers.mjs";
import { SESSION_COOKIE } from "../routes/admin/admin.mjs";
import { hashPassword } from "../routes/admin/password.mjs";
import { createBookingDelivery } from "./delivery.mjs";

const PASSWORD = "ett långt lösenord för rusningen";
const TEAM = "salj@nordlysai.se";
// The suite's frozen now: 09:00 in Stockholm on the next working day; tests move it on.
const opening = workday(startOfSuite(), 1, "09:00");
let clock = opening;
const now = () => clock;

const until = async (check, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** An instance as `npm start` makes it: the store, the worker with the booking delivery, the app with /admin.
 * @param {{ smtp: any, databaseUrl?: string, env?: Record<string, string>, passwordHash: string }} options */
async function startInstance({ smtp, databaseUrl, env = {}, passwordHash }) {
  const dir = await tempDir();
  const config = bookingConfig({
    BOOKING_EMAIL_LIMIT: "100",
    BOOKING_UPCOMING_PER_EMAIL: "100",
    BOOKING_HOLD_LIMIT: "10000",
    BOOKING_OPEN_HOLDS: "100",
    ...env,
  });
  const notifications = /** @type {any} */ (
    createNotifications({
      env: { SMTP_URL: smtp.url, LEAD_NOTIFY_TO: TEAM },
      forms,
      log: () => {},
      deliveries: [
        (s, mailer) =>
          createBookingDelivery({
            meetings: createStoreMeetings(s, { now }),
            mailer,
            calendar: null,
            copy: forms.booking,
            zone: config.hours.zone,
            organizerEmail: TEAM,
            now,
          }),
      ],
    })
  );
  const store = openStore({ databaseUrl, dir, log: () => {}, notificationChannels: notifications.channels, now });
  notifications.start(store);
  const app = createApp({
    root: dir,
    inboxDir: dir,
    forms,
    inbox: { store, notifications, quiet: true },
    booking: { config, calendar: null, now },
    now,
    admin: { passwordHash, log: () => {} },
  });
  const request = (method, path, { body, cookie, address = "192.0.2.1" } = {}) =>
    app.request(
      path,
      {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        headers: {
          ...sameSite,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        },
      },
      fromAddress(address),
    );
  /** @type {string | undefined} */
  let cookie;
  async function logIn() {
    const login = await request("POST", "/api/admin/login", { body: { password: PASSWORD } });
    cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(login.headers.get("set-cookie") ?? "")?.[1];
  }
  return {
    store,
    request,
    /** The operator's API as the first account, logged in again when the moved clock ended the session. */
    async admin(method, path, body) {
      const res = await request(method, path, { body, cookie });
      if (res.status !== 401) return res;
      await logIn();
      return request(method, path, { body, cookie });
    },
    /** Holds the nearest free time from `address`. */
    async hold(address) {
      const { slots } = await (await request("GET", "/api/booking/slots?limit=1", { address })).json();
      const held = await request("POST", "/api/booking/hold", { body: { start: slots[0].start }, address });
      expect(held.status).toBe(200);
      return /** @type {{ holdId: string, start: string, label: string }} */ (await held.json());
    },
    /** Books a held time for `email`: the endpoint's status and answer. */
    async confirm(holdId, email, address) {
      const res = await request("POST", "/api/booking/confirm", {
        body: {
          holdId,
          template_id: "template_lead",
          template_params: { from_name: "Kim Rusning", from_email: email, company: "Rusning AB" },
        },
        address,
      });
      return { status: res.status, body: await res.json() };
    },
    async close() {
      await notifications.stop();
      await store.close();
    },
  };
}

/** The rows of the queue whose channel starts with `prefix` (of one message's, if given). */
const queued = (store, prefix, messageId) =>
  store.run((db) => {
    let q = db.selectFrom("notifications").select(["channel", "state"]).where("channel", "like", `${prefix}%`);
    if (messageId) q = q.where("message_id", "=", messageId);
    return q.execute();
  });

describe("bookings faster than usual, on the embedded store", () => {
  let smtp;
  let site;
  let n = 0;
  beforeAll(async () => {
    smtp = await startSmtp();
    site = await startInstance({
      smtp,
      passwordHash: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
      env: { BOOKING_ADDRESS_LIMIT: "1" },
    });
  });
  afterAll(async () => {
    await site.close();
    await smtp.close();
  });
  beforeEach(() => {
    // Each test starts hours after the last one's window: no surge is left over.
    clock = plus(opening, n++ * 5 * HOUR);
  });

  const mailsTo = (email) => smtp.mails.filter((m) => m.to.includes(email));
  const surgeMails = () => mailsTo(TEAM).filter((m) => mailHeader(m.raw, "Subject").startsWith("Ovanligt många"));
  const textOf = (mail) => mailParts(mail.raw).find((p) => p.type === "text/plain").text;
  let visitor = 0;
  /** A booking from an address and a mailbox of its own, `minutes` after the clock's now. */
  async function book(minutes = 0) {
    clock = plus(clock, minutes * MINUTE);
    const address = `198.51.100.${++visitor}`;
    const email = `besok.${visitor}@example.se`;
    const held = await site.hold(address);
    return { ...(await site.confirm(held.holdId, email, address)), email, held };
  }
  /** Waits until every due row of the queue is delivered (only reminders wait for their day). */
  const drained = () =>
    until(async () => (await site.store.pendingNotifications()).every((r) => r.channel.startsWith("booking:reminder")));

  it("tells the team once when the fourth booking within the hour arrives, and again only in a new window", async () => {
    expect((await site.admin("POST", "/api/admin/meetings/approval", { mode: "off" })).status).toBe(200);
    const before = surgeMails().length;
    for (let i = 0; i < 3; i++) expect((await book(i ? 10 : 0)).status).toBe(200);
    await drained();
    expect(surgeMails()).toHaveLength(before);

    expect((await book(10)).status).toBe(200);
    await until(() => surgeMails().length === before + 1);
    const mail = surgeMails().at(-1);
    expect(mailHeader(mail.raw, "Subject")).toBe("Ovanligt många bokningar: 4 på 30 minuter");
    const text = textOf(mail);
    expect(text).toContain("4 bokningar av det kostnadsfria mötet på 30 minuter (larmgränsen är 4 på 60 minuter)");
    expect(text).toContain("Bokningarna bekräftas direkt");
    expect(text).toMatch(/Möten: https:\/\/\S+\/admin\/moten$/m);

    // Within the window: more bookings, no second mail.
    for (let i = 0; i < 3; i++) expect((await book(5)).status).toBe(200);
    await drained();
    expect(surgeMails()).toHaveLength(before + 1);
    expect((await queued(site.store, "booking:surge")).length).toBe(before + 1);

    // Past the window, three bookings spread over more than an hour are no surge; a fourth within one is.
    for (let i = 0; i < 3; i++) expect((await book(i ? 25 : 70)).status).toBe(200);
    await drained();
    expect(surgeMails()).toHaveLength(before + 1);
    expect((await book(40)).status).toBe(200);
    await drained();
    expect(surgeMails()).toHaveLength(before + 1);
    for (let i = 0; i < 2; i++) expect((await book(1)).status).toBe(200);
    await until(() => surgeMails().length === before + 2);
    expect(mailHeader(surgeMails().at(-1).raw, "Subject")).toBe("Ovanligt många bokningar: 4 på 42 minuter");
  });

  it("with approval on, keeps the time and mails nothing to the address until a salesperson approves", async () => {
    expect((await site.admin("POST", "/api/admin/meetings/approval", { mode: "on" })).status).toBe(200);
    const booked = await book();
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ pending: true, booking: { label: booked.held.label } });
    // The slot stays taken; the team's notification says the booking waits for them.
    const free = await (await site.request("GET", `/api/booking/slots?limit=12`)).json();
    expect(free.slots.map((s) => s.start)).not.toContain(booked.held.start);
    await until(() => mailsTo(TEAM).some((m) => textOf(m).includes(booked.email)));
    const lead = mailsTo(TEAM).find((m) => textOf(m).includes(booked.email));
    expect(textOf(lead).split(/\r?\n/)[0]).toMatch(/^VÄNTAR PÅ GODKÄNNANDE: .*Möten: https:\/\/\S+\/admin\/moten$/);
    await drained();
    expect(mailsTo(booked.email)).toHaveLength(0);

    // The meetings view lists it as pending, with nothing of the free meeting's queued for it.
    const { days } = await (await site.admin("GET", "/api/admin/meetings")).json();
    const listed = days.flatMap((d) => d.meetings).find((m) => m.id === booked.body.booking.id);
    expect(listed).toMatchObject({ state: "pending", decidedBy: null, lead: { from_email: booked.email } });
    expect(await queued(site.store, "booking:", listed.lead.id)).toEqual([]);
    // Approving it queues and sends the invitation, as a booking's.
    const approved = await site.admin("POST", `/api/admin/meetings/${listed.id}/approve`, {});
    expect(await approved.json()).toEqual({ state: "booked" });
    await until(() => mailsTo(booked.email).length === 1);
    const invitation = mailParts(mailsTo(booked.email)[0].raw);
    expect(invitation.find((p) => p.type === "text/calendar").headers).toMatch(/method=REQUEST/);
    expect(mailHeader(mailsTo(booked.email)[0].raw, "Subject")).toContain(booked.held.label);
    expect((await queued(site.store, "booking:", listed.lead.id)).map((r) => r.channel)).toContain("booking:confirm:0");
    const again = await site.admin("POST", `/api/admin/meetings/${listed.id}/approve`, {});
    expect(again.status).toBe(409);
    const after = await (await site.admin("GET", "/api/admin/meetings")).json();
    expect(after.days.flatMap((d) => d.meetings).find((m) => m.id === listed.id)).toMatchObject({
      state: "booked",
      decidedBy: "Administratör",
    });
  });

  it("declines a held booking: its slot is free again and its address gets nothing", async () => {
    expect((await site.admin("POST", "/api/admin/meetings/approval", { mode: "on" })).status).toBe(200);
    const booked = await book();
    expect(booked.body.pending).toBe(true);
    const exactly = `?from=${booked.held.start}&to=${plus(booked.held.start, 1000).toISOString()}`;
    expect((await (await site.request("GET", `/api/booking/slots${exactly}`)).json()).slots).toEqual([]);
    const declined = await site.admin("POST", `/api/admin/meetings/${booked.body.booking.id}/decline`, {});
    expect(await declined.json()).toEqual({ state: "declined" });
    const free = await (await site.request("GET", `/api/booking/slots${exactly}`)).json();
    expect(free.slots.map((s) => s.start)).toEqual([booked.held.start]);
    // Its confirm again, or an approval after it, books nothing.
    expect((await site.confirm(booked.held.holdId, booked.email, "198.51.100.250")).status).toBe(410);
    expect((await site.admin("POST", `/api/admin/meetings/${booked.body.booking.id}/approve`, {})).status).toBe(409);
    await drained();
    expect(mailsTo(booked.email)).toHaveLength(0);
    // The next visitor books that time.
    const next = await book();
    expect(next.held.start).toBe(booked.held.start);
  });

  it("at the default, holds bookings from the fourth within the hour, and the team's mail says so", async () => {
    const choice = await site.admin("POST", "/api/admin/meetings/approval", { mode: "surge" });
    expect(await choice.json()).toMatchObject({ mode: "surge", changedBy: "Administratör", holding: false });
    expect(bookingConfig({}).approval).toBe("surge");
    const before = surgeMails().length;
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await book(2));
    expect(results.map((r) => r.body.pending)).toEqual([false, false, false, true, true]);
    await until(() => surgeMails().length === before + 1);
    expect(textOf(surgeMails().at(-1))).toContain("Nya bokningar väntar nu på ert godkännande");
    await drained();
    for (const r of results) expect(mailsTo(r.email)).toHaveLength(r.body.pending ? 0 : 1);
    const status = await (await site.admin("GET", "/api/admin/meetings/approval")).json();
    expect(status).toMatchObject({ mode: "surge", holding: true, surge: { count: 5, limit: 4, minutes: 60 } });
  });

  it("takes only a known choice, and only from a salesperson", async () => {
    expect((await site.admin("POST", "/api/admin/meetings/approval", { mode: "sometimes" })).status).toBe(400);
    const stranger = await site.request("POST", "/api/admin/meetings/approval", { body: { mode: "off" } });
    expect(stranger.status).toBe(401);
  });
});

describe("bookings faster than usual, on two instances of one PostgreSQL database", () => {
  let db;
  let smtp;
  let a;
  let b;
  beforeAll(async () => {
    clock = opening;
    db = await createTestDatabase("t51s");
    smtp = await startSmtp();
    const passwordHash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
    a = await startInstance({ smtp, databaseUrl: db.url, passwordHash, env: { BOOKING_ADDRESS_LIMIT: "1" } });
    b = await startInstance({ smtp, databaseUrl: db.url, passwordHash, env: { BOOKING_ADDRESS_LIMIT: "1" } });
  }, 30_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await smtp.close();
    await db.drop();
  });

  it("count eight bookings sent at once, half to each, as one surge: three booked, five held, one mail", async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => `203.0.113.${i + 1}`);
    const holds = [];
    for (const [i, address] of addresses.entries()) holds.push(await [a, b][i % 2].hold(address));
    const results = await Promise.all(
      holds.map((h, i) => [a, b][i % 2].confirm(h.holdId, `par.${i}@example.se`, addresses[i])),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(results.filter((r) => r.body.pending)).toHaveLength(5);
    const surge = await queued(a.store, "booking:surge");
    expect(surge).toHaveLength(1);
    await until(async () => (await queued(a.store, "booking:surge")).every((r) => r.state === "delivered"));
    const mails = smtp.mails.filter((m) => mailHeader(m.raw, "Subject").startsWith("Ovanligt många"));
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0].raw, "Subject")).toBe("Ovanligt många bokningar: 4 på 1 minut");
    const states = await a.store.run((d) =>
      sql`select state, count(*)::int as n from meetings group by state`.execute(d),
    );
    expect(Object.fromEntries(states.rows.map((r) => [r.state, r.n]))).toEqual({ booked: 3, pending: 5 });
  });

  it("hold bookings on one instance when a salesperson turns approval on at the other", async () => {
    clock = plus(opening, 3 * HOUR);
    expect((await a.admin("POST", "/api/admin/meetings/approval", { mode: "on" })).status).toBe(200);
    const held = await b.hold("203.0.113.50");
    const booked = await b.confirm(held.holdId, "andra@example.se", "203.0.113.50");
    expect(booked.body.pending).toBe(true);
    const status = await (await b.admin("GET", "/api/admin/meetings/approval")).json();
    expect(status).toMatchObject({ mode: "on", changedBy: "Administratör", holding: true });
  });
});
