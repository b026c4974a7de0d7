// @vitest-environment node
// The calendar adapter against a real CalDAV server on loopback (Debian's radicale, started here;
// .ci/run installs it): a busy event blocks its slots, a booking appears as an event in the
// team's calendar, and a cancellation removes it.
import { createCalendarObject, fetchCalendarObjects, getBasicAuthHeaders } from "tsdav";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.mjs";
import { createNotifications } from "../notify/index.mjs";
import { createStoreMeetings } from "../store/meetings.mjs";
import { openStore } from "../store/index.mjs";
import { bookingConfig } from "../../lib/booking/config.mjs";
import { createBookingDelivery } from "../../routes/booking/delivery.mjs";
import { bookingForms as forms } from "../../testing/booking-forms.mjs";
import { fromAddress, sameSite, tempDir } from "../../testing/helpers.mjs";
import { radicaleBinary, startRadicale } from "../../testing/radicale.mjs";
import { createCalendar } from "./index.mjs";
import { missing } from "../../testing/harness.mjs";

const binary = radicaleBinary();
if (!binary)
  it("runs against a real CalDAV server", (ctx) => missing("Debian's radicale (or RADICALE_PATH)", ctx.skip));

const until = async (check, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
};

// Thursday 26 November 2026, 09:00 in Stockholm.
const now = () => new Date("2026-11-26T08:00:00Z");

describe.skipIf(!binary)("the team's CalDAV calendar (radicale on loopback)", () => {
  let radicale;
  let store;
  let notifications;
  let app;
  let headers;
  const events = async () =>
    fetchCalendarObjects({ calendar: /** @type {any} */ ({ url: radicale.calendarUrl }), headers });

  beforeAll(async () => {
    radicale = await startRadicale(binary);
    headers = getBasicAuthHeaders({ username: radicale.user, password: radicale.password });
    const config = bookingConfig({
      BOOKING_CALDAV_URL: radicale.calendarUrl,
      BOOKING_CALDAV_USER: radicale.user,
      BOOKING_CALDAV_PASSWORD: radicale.password,
      BOOKING_CACHE_SECONDS: "1",
    });
    const calendar = createCalendar({ caldav: config.caldav, cacheSeconds: 0, log: () => {} });
    const dir = await tempDir();
    notifications = createNotifications({
      env: {},
      forms,
      log: () => {},
      booking: (s, mailer) =>
        createBookingDelivery({
          meetings: createStoreMeetings(s, { now }),
          mailer,
          calendar,
          copy: forms.booking,
          zone: config.hours.zone,
          organizerEmail: "salj@nordlysai.se",
          now,
        }),
    });
    store = openStore({ dir, log: () => {} });
    notifications.start(store);
    app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, notifications, quiet: true },
      booking: { config, calendar, now },
    });
  }, 30_000);
  afterAll(async () => {
    await notifications?.stop();
    await store?.close();
    await radicale?.close();
  });

  const post = (path, body) =>
    app.request(
      path,
      { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...sameSite } },
      fromAddress("192.0.2.1"),
    );
  const free = async (from, to) =>
    (await (await app.request(`/api/booking/slots?from=${from}&to=${to}&limit=12`)).json()).slots.map((s) => s.label);

  it("blocks the slots of a busy event in the team's calendar, with the buffer", async () => {
    const friday = ["2026-11-27T08:00:00.000Z", "2026-11-27T11:00:00.000Z"];
    expect(await free(...friday)).toEqual([
      "fredag 27 november kl. 09:00",
      "fredag 27 november kl. 09:30",
      "fredag 27 november kl. 10:00",
      "fredag 27 november kl. 10:30",
      "fredag 27 november kl. 11:00",
      "fredag 27 november kl. 11:30",
    ]);
    const busy = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VEVENT",
      "UID:customer-visit",
      "DTSTAMP:20261120T000000Z",
      "DTSTART;TZID=Europe/Stockholm:20261127T100000",
      "DTEND;TZID=Europe/Stockholm:20261127T104500",
      "SUMMARY:Kundbesök",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const put = await createCalendarObject({
      calendar: /** @type {any} */ ({ url: radicale.calendarUrl }),
      filename: "customer-visit.ics",
      iCalString: busy,
      headers,
    });
    expect(put.status).toBe(201);
    // 10:00–10:45 busy: 10:00 and 10:30 overlap it, 09:30 and 11:00 end or start a buffer away.
    expect(await free(...friday)).toEqual([
      "fredag 27 november kl. 09:00",
      "fredag 27 november kl. 09:30",
      "fredag 27 november kl. 11:00",
      "fredag 27 november kl. 11:30",
    ]);
  });

  it("writes a booking into the calendar as an event, and removes it when cancelled", async () => {
    const held = await (await post("/api/booking/hold", { start: "2026-11-30T13:00:00.000Z" })).json();
    const confirmed = await post("/api/booking/confirm", {
      holdId: held.holdId,
      template_id: "template_lead",
      template_params: {
        from_name: "Anna Berg",
        from_email: "anna@example.se",
        company: "Berg AB",
        subject: "Nytt lead",
      },
    });
    expect(confirmed.status).toBe(200);
    const { booking } = await confirmed.json();
    const meeting = await createStoreMeetings(store).get(booking.id);
    const mine = async () => (await events()).filter((e) => String(e.data).includes(`UID:${meeting.uid}`));
    await until(async () => (await mine()).length === 1);
    const [event] = await mine();
    expect(event.data).toContain("DTSTART:20261130T130000Z");
    expect(event.data).toContain("SUMMARY:Bokat möte: Anna Berg\\, Berg AB");
    expect(event.data).not.toMatch(/METHOD:|ATTENDEE/);
    // The booked slot is busy in the calendar too: the free times leave it out.
    expect(await free("2026-11-30T12:00:00.000Z", "2026-11-30T15:00:00.000Z")).not.toContain(
      "måndag 30 november kl. 14:00",
    );

    await createStoreMeetings(store).cancel(booking.id, {
      effects: (m) => [{ channel: `booking:calendar:${m.sequence}`, at: now() }],
    });
    notifications.kick();
    // A query that meets the event's delete half way answers 404: asked again.
    await until(async () => (await mine().catch(() => null))?.length === 0);
    expect((await events()).some((e) => String(e.data).includes("UID:customer-visit"))).toBe(true);
  });
});
