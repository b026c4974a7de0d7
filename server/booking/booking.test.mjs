// @vitest-environment node
// The free meeting over HTTP on the real store (SQLite) with a real SMTP server on loopback: free
// times, 20 parallel holds, a repeated confirm, the invitation parsed back, the manage page.
import { Hono } from "hono";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app.mjs";
import { createNotifications } from "../adapters/notify/index.mjs";
import { createNotifyWorker } from "../adapters/notify/worker.mjs";
import { createStoreMeetings } from "../adapters/store/meetings.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { bookingConfig } from "./config.mjs";
import { bookingForms as forms } from "../testing/booking-forms.mjs";
import { fromAddress, sameSite, tempDir } from "../testing/helpers.mjs";
import { mailHeader, mailParts, startSmtp } from "../testing/receivers.mjs";
import { createBookingDelivery } from "./delivery.mjs";
import { DAY, HOUR, MINUTE, nextWeekday, plus, startOfSuite, swedishLabel, workday } from "../testing/clock.mjs";

const until = async (check, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

// The suite's frozen now: 09:00 in Stockholm on the next working day, and three working days after.
const opening = workday(startOfSuite(), 1, "09:00");
const [firstDay, secondDay, thirdDay] = [1, 2, 3].map((n) => workday(opening, n, "09:00"));
const at = (day, hour) => plus(day, (hour - 9) * HOUR).toISOString();
let clock = opening;
const now = () => clock;

const lead = (over = {}) => ({
  to_email: "salj@nordlysai.se",
  from_name: "Anna Berg",
  from_email: "anna@example.se",
  phone: "070-123 45 67",
  company: "Berg AB",
  conversation: "Du: kan vi ses?",
  subject: "Nytt lead från Emma: Anna Berg",
  ...over,
});

describe("the free meeting over HTTP", () => {
  let smtp;
  let store;
  let notifications;
  let app;
  const logs = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    const dir = await tempDir();
    const env = { SMTP_URL: smtp.url, LEAD_NOTIFY_TO: "salj@nordlysai.se" };
    const config = bookingConfig({
      BOOKING_EMAIL_LIMIT: "100",
      BOOKING_HOLD_LIMIT: "1000",
      BOOKING_OPEN_HOLDS: "100",
      BOOKING_ADDRESS_LIMIT: "1000",
      BOOKING_SURGE_COUNT: "1000",
    });
    notifications = createNotifications({
      env,
      forms,
      log: (l) => logs.push(l),
      deliveries: [
        (s, mailer) =>
          createBookingDelivery({
            meetings: createStoreMeetings(s, { now }),
            mailer,
            calendar: null,
            copy: forms.booking,
            zone: config.hours.zone,
            organizerEmail: mailer?.from ?? "salj@nordlysai.se",
            now,
          }),
      ],
    });
    store = openStore({ dir, log: () => {}, notificationChannels: notifications.channels, now });
    notifications.start(store);
    app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, notifications, quiet: true },
      booking: { config, calendar: null },
      now,
    });
  });
  afterAll(async () => {
    await notifications.stop();
    await store.close();
    await smtp.close();
  });
  beforeEach(() => {
    clock = opening;
  });

  const get = (path, address = "192.0.2.1") => app.request(path, {}, fromAddress(address));
  const post = (path, body, address = "192.0.2.1") =>
    app.request(
      path,
      { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...sameSite } },
      fromAddress(address),
    );
  const slots = async (query = "") => (await get(`/api/booking/slots${query}`)).json();
  const book = async (start, params = lead()) => {
    const held = await (await post("/api/booking/hold", { start })).json();
    return (
      await post("/api/booking/confirm", { holdId: held.holdId, template_id: "template_lead", template_params: params })
    ).json();
  };
  const mailsTo = (to) => smtp.mails.filter((m) => m.to.includes(to));
  const teamMails = (subject) =>
    mailsTo("salj@nordlysai.se").filter((m) => mailHeader(m.raw, "Subject").startsWith(subject));
  const tokenOf = (email) =>
    /\/bokning\?t=(\S+)/.exec(mailParts(mailsTo(email)[0].raw).find((p) => p.type === "text/plain").text)[1];
  const manageForm = (fields) =>
    app.request(
      "/bokning",
      {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", ...sameSite },
      },
      fromAddress("192.0.2.1"),
    );
  const dateOf = (at) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(new Date(at));

  it("offers the three nearest free times in Swedish, and more after them", async () => {
    const nearest = await slots();
    const expected = [13, 13.5, 14].map((h) => swedishLabel(at(opening, h)));
    expect(expected[0]).toMatch(/^\p{L}+dag \d{1,2} \p{L}+ kl\. 13:00$/u);
    expect(nearest.slots.map((s) => s.label)).toEqual(expected);
    expect(nearest.slots[0]).toEqual({
      start: at(opening, 13),
      end: at(opening, 13.25),
      label: expected[0],
    });
    expect(nearest.more).toBe(true);
    const next = await slots(`?after=${nearest.slots[2].start}&limit=3`);
    expect(next.slots[0].label).toBe(swedishLabel(at(opening, 14.5)));
  });

  it("gives one of 20 parallel holds of one slot, and exactly one booking", async () => {
    const start = at(firstDay, 9);
    const holds = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post("/api/booking/hold", { start }, `192.0.2.${10 + i}`)),
    );
    expect(holds.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    const winner = await holds.find((r) => r.status === 200).json();
    expect(winner.label).toBe(swedishLabel(start));
    const confirms = await Promise.all(
      Array.from({ length: 3 }, () =>
        post("/api/booking/confirm", {
          holdId: winner.holdId,
          template_id: "template_lead",
          template_params: lead({ from_email: "p20@example.se" }),
        }),
      ),
    );
    expect(confirms.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(confirms.map((r) => r.json()));
    expect(new Set(bodies.map((b) => b.booking.id)).size).toBe(1);
    expect(bodies.filter((b) => !b.repeated)).toHaveLength(1);
    // The slot is gone from the free times, and what is free says nothing of who took it.
    const after = await slots(`?from=${at(firstDay, 8)}&limit=3`);
    expect(after.slots.map((s) => s.start)).not.toContain(start);
    expect(JSON.stringify(after)).not.toMatch(/p20|Anna|Berg|holdId|meeting/);
    await until(
      () => mailsTo("p20@example.se").length >= 1 && smtp.mails.some((m) => m.to.includes("salj@nordlysai.se")),
    );
    // Everything due is delivered (only reminders wait): still one mail for the three confirms.
    await notifications.kick();
    await until(async () =>
      (await store.pendingNotifications()).every((n) => n.channel.startsWith("booking:reminder")),
    );
    expect(mailsTo("p20@example.se")).toHaveLength(1);
    const { items } = await store.listMessages({ text: "p20@example.se" });
    expect(items).toHaveLength(1);
    expect(items[0].params.meeting).toBe(swedishLabel(start));
  });

  it("mails an invitation a calendar understands: METHOD:REQUEST, a stable UID, the UTC start", async () => {
    const start = at(firstDay, 10);
    const when = swedishLabel(start);
    const result = await book(start, lead({ from_email: "invite@example.se" }));
    expect(result.booking.label).toBe(when);
    await until(() => mailsTo("invite@example.se").length === 1);
    const mail = mailsTo("invite@example.se")[0];
    expect(mailHeader(mail.raw, "Subject")).toBe(`Bekräftelse: ditt möte med Nordlys AI ${when}`);
    const parts = mailParts(mail.raw);
    const text = parts.find((p) => p.type === "text/plain").text;
    expect(text).toContain(`Vi ses ${when}`);
    const link = /https:\/\/\S+\/bokning\?t=(\S+)/.exec(text);
    expect(link).not.toBeNull();
    const calendarPart = parts.find((p) => p.type === "text/calendar");
    expect(calendarPart.headers).toMatch(/method=REQUEST/);
    const vcalendar = new ICAL.Component(ICAL.parse(calendarPart.text));
    expect(vcalendar.getFirstPropertyValue("method")).toBe("REQUEST");
    const event = vcalendar.getFirstSubcomponent("vevent");
    expect(event.getFirstPropertyValue("dtstart").toJSDate().toISOString()).toBe(start);
    expect(event.getFirstPropertyValue("dtstart").zone).toBe(ICAL.Timezone.utcTimezone);
    const meeting = await createStoreMeetings(store).get(result.booking.id);
    expect(event.getFirstPropertyValue("uid")).toBe(meeting.uid);
    expect(event.getFirstPropertyValue("sequence")).toBe(0);
    expect(parts.some((p) => p.type === "application/ics")).toBe(true);
  });

  it("cancels by the link's token after a confirmation, with METHOD:CANCEL and the next sequence; a wrong token changes nothing", async () => {
    const start = at(secondDay, 10);
    const exactly = `?from=${start}&to=${plus(start, 1000).toISOString()}`;
    await book(start, lead({ from_email: "cancel@example.se" }));
    await until(() => mailsTo("cancel@example.se").length === 1);
    const token = tokenOf("cancel@example.se");
    const page = await get(`/bokning?t=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain(swedishLabel(start));
    expect(html).toContain('name="viewport"');

    const wrong = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const refused = await manageForm({ t: wrong, action: "cancel", confirmed: "1" });
    expect(refused.status).toBe(404);
    const wrongPage = await (await get(`/bokning?t=${wrong}`)).text();
    expect(wrongPage).toBe(await refused.text());
    expect((await slots(exactly)).slots).toEqual([]);

    // "Avboka mötet" asks first; neither the step nor an unconfirmed post (an old page's) cancels.
    const step = await (await get(`/bokning?t=${token}&steg=avboka`)).text();
    expect(step).toContain("Ja, avboka");
    expect(step).toMatch(new RegExp(`<a href="/bokning\\?t=${token}"[^>]*>Nej, behåll tiden</a>`));
    expect(step).toContain(swedishLabel(start));
    const unconfirmed = await manageForm({ t: token, action: "cancel" });
    expect(unconfirmed.status).toBe(200);
    expect(await unconfirmed.text()).toContain("Ja, avboka");
    expect((await slots(exactly)).slots).toEqual([]);

    const done = await manageForm({ t: token, action: "cancel", confirmed: "1" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Mötet är avbokat");
    await until(() => mailsTo("cancel@example.se").length === 2);
    const cancelMail = mailsTo("cancel@example.se")[1];
    expect(mailHeader(cancelMail.raw, "Subject")).toBe(`Avbokat: ditt möte med Nordlys AI ${swedishLabel(start)}`);
    const ics = mailParts(cancelMail.raw).find((p) => p.type === "text/calendar");
    expect(ics.headers).toMatch(/method=CANCEL/);
    const event = new ICAL.Component(ICAL.parse(ics.text)).getFirstSubcomponent("vevent");
    expect(event.getFirstPropertyValue("sequence")).toBe(1);
    expect((await slots(exactly)).slots).toHaveLength(1);

    // The link says so plainly afterwards, with the time struck, and leads to booking again.
    const after = await (await get(`/bokning?t=${token}`)).text();
    expect(after).toMatch(/<h1[^>]*>Mötet är avbokat<\/h1>/);
    expect(after).toContain(`<s>${swedishLabel(start)}</s>`);
    expect(after).toMatch(/<a [^>]*href="\/kom-igang"[^>]*>Boka en ny tid<\/a>/);
    expect(after).not.toContain("Avboka mötet");
    expect(after).not.toContain('name="start"');

    // The sales team hears of it, with the time and who.
    await until(() => teamMails("Avbokat möte").length === 1);
    const team = teamMails("Avbokat möte")[0];
    expect(mailHeader(team.raw, "Subject")).toBe(`Avbokat möte: Anna Berg, ${swedishLabel(start)}`);
    const teamText = mailParts(team.raw).find((p) => p.type === "text/plain").text;
    expect(teamText).toContain("cancel@example.se");
    expect(teamText).toContain(swedishLabel(start));

    // A meeting that has passed: its token gets the same answer as a wrong one.
    clock = plus(start, DAY);
    expect(await (await get(`/bokning?t=${token}`)).text()).toBe(wrongPage);
  });

  it("moves a booking on the manage page to another free time with an updated invitation", async () => {
    await book(at(secondDay, 11), lead({ from_email: "move@example.se" }));
    await until(() => mailsTo("move@example.se").length === 1);
    const token = tokenOf("move@example.se");
    const moved = await manageForm({ t: token, action: "move", start: at(secondDay, 12) });
    expect(await moved.text()).toContain(swedishLabel(at(secondDay, 12)));
    await until(() => mailsTo("move@example.se").length === 2);
    const ics = mailParts(mailsTo("move@example.se")[1].raw).find((p) => p.type === "text/calendar");
    const event = new ICAL.Component(ICAL.parse(ics.text)).getFirstSubcomponent("vevent");
    expect(event.getFirstPropertyValue("dtstart").toJSDate().toISOString()).toBe(at(secondDay, 12));
    expect(event.getFirstPropertyValue("sequence")).toBe(1);
    // The sales team gets the new time and the old.
    await until(() => teamMails("Flyttat möte").length === 1);
    const team = teamMails("Flyttat möte")[0];
    expect(mailHeader(team.raw, "Subject")).toBe(`Flyttat möte: Anna Berg, ${swedishLabel(at(secondDay, 12))}`);
    const teamText = mailParts(team.raw).find((p) => p.type === "text/plain").text;
    expect(teamText).toContain(`Ny tid: ${swedishLabel(at(secondDay, 12))}`);
    expect(teamText).toContain(`Tidigare tid: ${swedishLabel(at(secondDay, 11))}`);
    expect(teamText).toContain("move@example.se");
  });

  it("offers another time day by day on the manage page, over the booking's horizon", async () => {
    const own = at(thirdDay, 15);
    await book(own, lead({ from_email: "days@example.se" }));
    await until(() => mailsTo("days@example.se").length === 1);
    const token = tokenOf("days@example.se");
    const radios = (html) => [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]);
    const html = await (await get(`/bokning?t=${token}`)).text();
    const days = [...html.matchAll(/href="\/bokning\?t=[^"&]+&amp;dag=(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]);
    // Every working day ahead, in order: at least a week's, also over Christmas.
    expect(days.length).toBeGreaterThanOrEqual(5);
    expect(days).toEqual(days.map((_, i) => dateOf(workday(opening, i))));
    // The first day's free times at first; another day's by its link, the booking's own time not among them.
    expect(radios(html).length).toBeGreaterThan(0);
    expect(radios(html).every((s) => dateOf(s) === dateOf(opening))).toBe(true);
    const third = await (await get(`/bokning?t=${token}&dag=${dateOf(thirdDay)}`)).text();
    expect(radios(third)).toContain(at(thirdDay, 9));
    expect(radios(third)).toContain(at(thirdDay, 14));
    expect(radios(third)).not.toContain(own);
    expect(radios(third).every((s) => dateOf(s) === dateOf(thirdDay))).toBe(true);
    expect(third).toContain('aria-current="date"');
    const moved = await manageForm({ t: token, action: "move", start: at(thirdDay, 14) });
    expect(await moved.text()).toContain(forms.booking.page.moved);
  });

  it("holds a time offered a moment ago after the notice's edge passed it, for two minutes", async () => {
    const nearest = (await slots()).slots[0].start;
    expect(nearest).toBe(at(opening, 13));
    clock = plus(opening, MINUTE);
    expect((await slots()).slots[0].start).not.toBe(nearest);
    expect((await post("/api/booking/hold", { start: nearest }, "192.0.2.60")).status).toBe(200);
    // Past the two minutes, the edge's time is gone.
    const later = at(opening, 13.5);
    clock = plus(later, -4 * HOUR + 2 * MINUTE + 1000);
    expect((await post("/api/booking/hold", { start: later }, "192.0.2.61")).status).toBe(409);
  });

  it("frees an expired hold for the next visitor", async () => {
    const start = at(thirdDay, 9);
    expect((await post("/api/booking/hold", { start }, "192.0.2.50")).status).toBe(200);
    expect((await post("/api/booking/hold", { start }, "192.0.2.51")).status).toBe(409);
    clock = plus(clock, 11 * MINUTE);
    expect((await post("/api/booking/hold", { start }, "192.0.2.51")).status).toBe(200);
  });

  it("refuses a time that is not free, bad bodies and other sites", async () => {
    const saturday = nextWeekday(opening, 6, "10:00").toISOString();
    expect((await post("/api/booking/hold", { start: saturday })).status).toBe(409);
    expect((await post("/api/booking/hold", { start: 5 })).status).toBe(400);
    const cross = await app.request("/api/booking/hold", {
      method: "POST",
      body: JSON.stringify({ start: at(thirdDay, 10) }),
      headers: { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(cross.status).toBe(403);
    const held = await (await post("/api/booking/hold", { start: at(thirdDay, 10) })).json();
    const invalid = await post("/api/booking/confirm", {
      holdId: held.holdId,
      template_params: lead({ from_email: "nope" }),
    });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({ error: "invalid", fields: ["email"] });
    expect((await post("/api/booking/confirm", { holdId: "no-such-hold", template_params: lead() })).status).toBe(410);
  });

  it("sends the reminder the day before once, also across a restart", async () => {
    const start = at(thirdDay, 11);
    const result = await book(start, lead({ from_email: "remind@example.se" }));
    await until(() => mailsTo("remind@example.se").length === 1);
    // Received is not yet marked sent: a worker with a later clock would take the claim as lapsed.
    await until(async () =>
      (await store.pendingNotifications()).every((n) => n.channel.startsWith("booking:reminder")),
    );
    const meetings = createStoreMeetings(store, { now });
    const worker = (at) =>
      createNotifyWorker({
        store,
        channels: {},
        copy: forms.notification,
        log: () => {},
        now: () => at,
        deliveries: [
          createBookingDelivery({
            meetings,
            mailer: { sendTo: (mail, key) => smtpMailer.sendTo(mail, key), from: "salj@nordlysai.se" },
            calendar: null,
            copy: forms.booking,
            zone: "Europe/Stockholm",
            organizerEmail: "salj@nordlysai.se",
            now: () => at,
          }),
        ],
      });
    const { createMailer } = await import("../adapters/notify/mailer.mjs");
    const smtpMailer = createMailer({ url: smtp.url, to: "salj@nordlysai.se" });
    // Not yet: two days before.
    await worker(plus(start, -2 * DAY)).runOnce();
    expect(mailsTo("remind@example.se")).toHaveLength(1);
    const dayBefore = plus(start, -DAY + 30 * MINUTE);
    await worker(dayBefore).runOnce();
    expect(mailsTo("remind@example.se")).toHaveLength(2);
    expect(mailHeader(mailsTo("remind@example.se")[1].raw, "Subject")).toBe(
      `Påminnelse: ditt möte med Nordlys AI i morgon ${swedishLabel(start)}`,
    );
    // A restart: a new worker over the same store sends it no more.
    await worker(new Date(dayBefore.getTime() + 120_000)).runOnce();
    expect(mailsTo("remind@example.se")).toHaveLength(2);
    smtpMailer.close();
    expect(result.booking.id).toBeTruthy();
  });
});

describe("with BOOKING_ENABLED=false", () => {
  it("has no booking paths: the site behaves as before", async () => {
    const dir = await tempDir();
    const store = openStore({ dir, log: () => {} });
    const off = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, quiet: true },
      booking: { config: bookingConfig({ BOOKING_ENABLED: "false" }) },
    });
    for (const path of ["/api/booking/slots", "/bokning?t=x"]) expect((await off.request(path)).status).toBe(404);
    expect(
      (
        await off.request("/api/booking/hold", {
          method: "POST",
          body: "{}",
          headers: { "content-type": "application/json", ...sameSite },
        })
      ).status,
    ).toBe(404);
    await store.close();
    expect(new Hono()).toBeTruthy();
  });
});

describe("under abuse", () => {
  it("limits holds per address, open holds, and bookings per e-mail; a repeated confirm costs nothing", async () => {
    const dir = await tempDir();
    const store = openStore({ dir, log: () => {} });
    const config = bookingConfig({
      BOOKING_HOLD_LIMIT: "5",
      BOOKING_OPEN_HOLDS: "2",
      BOOKING_EMAIL_LIMIT: "2",
      BOOKING_UPCOMING_PER_EMAIL: "5",
      BOOKING_ADDRESS_LIMIT: "10",
    });
    const app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, quiet: true },
      booking: { config, calendar: null },
      now: () => opening,
    });
    const post = (path, body, address) =>
      app.request(
        path,
        { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...sameSite } },
        fromAddress(address),
      );
    const start = (h) => at(firstDay, h + 1);
    // Two open holds from one address, a third refused; another address is not affected.
    const statuses = [];
    for (const h of [8, 9, 10])
      statuses.push((await post("/api/booking/hold", { start: start(h) }, "198.51.100.1")).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Bookings per e-mail: two, then 429; the same hold confirmed again is the same booking.
    const book = async (h, address) => {
      const held = await (await post("/api/booking/hold", { start: start(h) }, address)).json();
      const body = { holdId: held.holdId, template_params: lead({ from_email: "many@example.se" }) };
      const first = await post("/api/booking/confirm", body, address);
      return { first, again: await post("/api/booking/confirm", body, address) };
    };
    const one = await book(11, "198.51.100.2");
    expect([one.first.status, one.again.status]).toEqual([200, 200]);
    expect((await book(12, "198.51.100.3")).first.status).toBe(200);
    const third = await book(13, "198.51.100.4");
    expect(third.first.status).toBe(429);
    // Holds per address over the window (counted before the body is read): five, then 429.
    const flood = [];
    for (let i = 0; i < 6; i++) flood.push((await post("/api/booking/hold", { start: "x" }, "198.51.100.10")).status);
    expect(flood).toEqual([409, 409, 409, 409, 409, 429]);
    await store.close();
  });
});
