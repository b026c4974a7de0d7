// @vitest-environment node
// The calendar adapter against Debian's radicale on loopback (.ci/run installs it): a busy event
// blocks its slots, a booking appears as an event, and a cancellation removes it.
import { createCalendarObject, fetchCalendarObjects, getBasicAuthHeaders } from "tsdav";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.mjs";
import { createNotifications } from "../notify/index.mjs";
import { createStoreMeetings } from "../store/meetings.mjs";
import { openStore } from "../store/index.mjs";
import { bookingConfig } from "../../booking/config.mjs";
import { createBookingDelivery } from "../../booking/delivery.mjs";
import { bookingForms as forms } from "../../testing/booking-forms.mjs";
import { fromAddress, sameSite, tempDir } from "../../testing/helpers.mjs";
import { radicaleBinary, startRadicale } from "../../testing/radicale.mjs";
import { createCalendar } from "./index.mjs";
import { missing } from "../../testing/harness.mjs";
import { HOUR, plus, startOfSuite, stockholmDate, swedishLabel, workday } from "../../testing/clock.mjs";

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

// The suite's frozen now: 09:00 in Stockholm on the next working day. The busy event is on the
// working day after it, the booking on the one after that.
const opening = workday(startOfSuite(), 1, "09:00");
const now = () => opening;
const busyDay = workday(opening, 1, "09:00");
const bookingDay = workday(opening, 2, "14:00");
const iso = (/** @type {Date} */ d) => d.toISOString();
/** "20261130T130000Z", an instant as iCalendar writes it in UTC. */
const icsUtc = (/** @type {Date} */ d) =>
  iso(d)
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
/** The label of the slot `minutes` after 09:00 on the busy day. */
const label = (/** @type {number} */ minutes) => swedishLabel(plus(busyDay, minutes * 60_000));

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
      deliveries: [
        (s, mailer) =>
          createBookingDelivery({
            meetings: createStoreMeetings(s, { now }),
            mailer,
            calendar,
            copy: forms.booking,
            zone: config.hours.zone,
            organizerEmail: "salj@nordlysai.se",
            now,
          }),
      ],
    });
    store = openStore({ dir, log: () => {}, now });
    notifications.start(store);
    app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, notifications, quiet: true },
      booking: { config, calendar, now },
      now,
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
    const day = [iso(busyDay), iso(plus(busyDay, 3 * HOUR))];
    expect(await free(...day)).toEqual([0, 30, 60, 90, 120, 150].map(label));
    const busy = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VEVENT",
      "UID:customer-visit",
      `DTSTAMP:${icsUtc(opening)}`,
      `DTSTART;TZID=Europe/Stockholm:${stockholmDate(busyDay).replace(/-/g, "")}T100000`,
      `DTEND;TZID=Europe/Stockholm:${stockholmDate(busyDay).replace(/-/g, "")}T104500`,
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
    expect(await free(...day)).toEqual([0, 30, 120, 150].map(label));
  });

  it("writes a booking into the calendar as an event, and removes it when cancelled", async () => {
    const held = await (await post("/api/booking/hold", { start: iso(bookingDay) })).json();
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
    expect(event.data).toContain(`DTSTART:${icsUtc(bookingDay)}`);
    expect(event.data).toContain("SUMMARY:Bokat möte: Anna Berg\\, Berg AB");
    expect(event.data).not.toMatch(/METHOD:|ATTENDEE/);
    // The booked slot is busy in the calendar too: the free times leave it out.
    const around = await free(iso(plus(bookingDay, -HOUR)), iso(plus(bookingDay, 2 * HOUR)));
    expect(around).toContain(swedishLabel(plus(bookingDay, -HOUR)));
    expect(around).not.toContain(swedishLabel(bookingDay));

    await createStoreMeetings(store).cancel(booking.id, {
      effects: (m) => [{ channel: `booking:calendar:${m.sequence}`, at: now() }],
    });
    notifications.kick();
    // A query that meets the event's delete half way answers 404: asked again.
    await until(async () => (await mine().catch(() => null))?.length === 0);
    expect((await events()).some((e) => String(e.data).includes("UID:customer-visit"))).toBe(true);
  });
});
