// @vitest-environment node
// Emma's booking tools (POST /api/vapi): a booking only after the e-mail was read back, only on a
// free slot, one per call, within the web's limit per e-mail; each answer on one line.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../app.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { createStoreMeetings } from "../adapters/store/meetings.mjs";
import { bookingConfig } from "./config.mjs";
import { bookingForms as forms } from "../testing/booking-forms.mjs";
import { fromAddress, sameSite, tempDir } from "../testing/helpers.mjs";
import { DAY, HOUR, MINUTE, nextWeekday, plus, startOfSuite, swedishLabel, workday } from "../testing/clock.mjs";

const SECRET = "vapi-test-secret-0123456789";
const knowledge = inject("knowledgeArtifact");

// The suite's frozen now: 09:00 in Stockholm on the next working day.
const opening = workday(startOfSuite(), 1, "09:00");
const now = () => opening;
const iso = (/** @type {Date} */ d) => d.toISOString();
const escaped = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// A day of the team's calendar with a meeting 10:00–11:00 in it.
const busyDay = workday(opening, 3, "10:00");

const results = forms.booking.voice.results;

describe("the free meeting by voice", () => {
  let app;
  let store;
  let meetings;
  beforeAll(async () => {
    const dir = await tempDir();
    store = openStore({ dir, log: () => {}, now });
    meetings = createStoreMeetings(store, { now });
    const calendar = {
      writable: false,
      busy: async () => [{ start: busyDay.getTime(), end: plus(busyDay, HOUR).getTime() }],
    };
    app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, quiet: true },
      booking: {
        config: bookingConfig({
          BOOKING_EMAIL_LIMIT: "2",
          BOOKING_UPCOMING_PER_EMAIL: "100",
          BOOKING_SURGE_COUNT: "1000",
        }),
        calendar: /** @type {any} */ (calendar),
      },
      vapi: { env: { VAPI_SERVER_SECRET: SECRET }, knowledge, log: () => {} },
      now,
    });
  }, 60_000);
  afterAll(() => store.close());

  const call = async (name, args, { callId = "call-45", id = "tc-1" } = {}) => {
    const res = await app.request("/api/vapi", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({
        message: {
          type: "tool-calls",
          call: { id: callId },
          toolCallList: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
        },
      }),
    });
    expect(res.status).toBe(200);
    const [result] = (await res.json()).results;
    const line = result.result ?? result.error;
    expect(line).not.toMatch(/\n/);
    return line;
  };
  const person = (n) => ({ namn: `Person ${n}`, epost: `p${n}@example.se`, foretag: "Berg AB", epost_bekraftad: true });
  const book = (start, who, options) => call("boka_mote", { tid: iso(start), ...who }, options);
  /** Every meeting the store has, in any state. */
  const allMeetings = () => meetings.list({ from: plus(opening, -400 * DAY), states: ["held", "booked", "cancelled"] });

  it("gives at most three free times, read the Swedish way, each with the time to book it by", async () => {
    const line = await call("lediga_motestider", {});
    const times = [13, 13.5, 14].map((h) => iso(plus(opening, (h - 9) * HOUR)));
    const said = [" klockan ett", " klockan halv två", " klockan två"];
    const day = "\\p{L}+dag den \\d{1,2} \\p{L}+";
    expect(line).toMatch(
      new RegExp(
        `^Lediga tider: ${times.map((t, i) => `${day}${said[i]} \\[${escaped(t)}\\]`).join(", ")}\\. Fråga vilken tid som passar\\.$`,
        "u",
      ),
    );
    const later = await call("lediga_motestider", { efter: times[2] });
    expect(later).toMatch(
      new RegExp(`^Lediga tider: ${day} klockan halv tre \\[${escaped(iso(plus(opening, 5.5 * HOUR)))}\\]`, "u"),
    );
    expect(later.match(/\[/g)).toHaveLength(3);
  });

  it("reads the e-mail back before booking, then books once however often the call is sent", async () => {
    const start = workday(opening, 1, "10:00");
    const args = { tid: iso(start), namn: "Anna Berg", epost: "anna.berg@example.se", foretag: "Berg AB" };
    expect(await call("boka_mote", args)).toBe(
      "Läs upp e-postadressen anna punkt berg snabel-a example punkt se bokstav för bokstav och fråga om den stämmer innan du bokar.",
    );
    expect((await store.listMessages()).total).toBe(0);
    const confirmed = { ...args, epost_bekraftad: true };
    const first = await call("boka_mote", confirmed, { id: "tc-2" });
    expect(first).toMatch(
      /^Mötet är bokat \p{L}+dag den \d{1,2} \p{L}+ klockan tio\. En bekräftelse skickas till anna\.berg@example\.se\.$/u,
    );
    expect(await call("boka_mote", confirmed, { id: "tc-2" })).toBe(first);
    expect(await call("boka_mote", confirmed, { id: "tc-3" })).toBe(first);
    const { items } = await store.listMessages();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: "samtal", callId: "call-45", from_email: "anna.berg@example.se" });
    expect(items[0].params.meeting).toBe(swedishLabel(start));
    // Another caller gets no time that is taken, and a time that is not free is refused.
    expect(await call("boka_mote", { ...confirmed, epost: "b@example.se" }, { callId: "call-other" })).toBe(
      results.unknownTime,
    );
  });

  it("refuses every time that is not a free slot of the grid, by any call, and stores nothing", async () => {
    const booked = workday(opening, 2, "11:30");
    expect(await book(booked, person(1), { callId: "call-first" })).toMatch(/^Mötet är bokat/);
    const before = (await store.listMessages()).total;
    const meetingsBefore = (await allMeetings()).length;
    const refused = {
      "the taken time": booked,
      "1 ms after a booking": plus(booked, 1),
      "5 minutes after a booking": plus(booked, 5 * MINUTE),
      "a Sunday at 03:00": nextWeekday(opening, 7, "03:00"),
      "a Sunday at 10:00": nextWeekday(opening, 7, "10:00"),
      "a Saturday at 10:00": nextWeekday(opening, 6, "10:00"),
      "an hour ago": plus(opening, -HOUR),
      "yesterday at 10:00": plus(workday(opening, 0, "10:00"), -DAY),
      "within the notice": plus(opening, HOUR),
      "beyond the horizon": workday(opening, 20, "10:00"),
      "a year ahead": plus(workday(opening, 1, "10:00"), 364 * DAY),
      "over the team's calendar event": busyDay,
      "in the calendar event's buffer": plus(busyDay, HOUR),
      "between two slots": workday(opening, 4, "10:15"),
    };
    let n = 10;
    for (const [what, start] of Object.entries(refused)) {
      // Each sent twice by its own call, as Vapi may repeat a tool call.
      const options = { callId: `call-${n}`, id: "tc-1" };
      const who = person(n++);
      expect.soft([what, await book(start, who, options)]).toEqual([what, results.unknownTime]);
      expect.soft([what, await book(start, who, options)]).toEqual([what, results.unknownTime]);
    }
    expect((await store.listMessages()).total).toBe(before);
    expect(await allMeetings()).toHaveLength(meetingsBefore);
  });

  it("books once for one call: ten people in one call give one booking, the rest refused", async () => {
    const { slots } = await (await app.request("/api/booking/slots?limit=12")).json();
    const lines = [];
    for (let i = 0; i < 10; i++)
      lines.push(await book(new Date(slots[i].start), person(100 + i), { callId: "call-many", id: `tc-${i}` }));
    expect(lines.filter((l) => l.startsWith("Mötet är bokat"))).toHaveLength(1);
    expect(lines.slice(1)).toEqual(Array(9).fill(results.limited));
    const ofCall = (await store.listMessages({ limit: 100 })).items.filter((m) => m.callId === "call-many");
    expect(ofCall).toHaveLength(1);
    // The same ten at once.
    const parallel = await Promise.all(
      slots
        .slice(0, 10)
        .map((s, i) => book(new Date(s.start), person(200 + i), { callId: "call-burst", id: `tc-${i}` })),
    );
    expect(parallel.filter((l) => l.startsWith("Mötet är bokat")).length).toBeLessThanOrEqual(1);
    const ofBurst = (await store.listMessages({ limit: 100 })).items.filter((m) => m.callId === "call-burst");
    expect(ofBurst.length).toBeLessThanOrEqual(1);
  });

  it("counts the voice's bookings with the web's against BOOKING_EMAIL_LIMIT", async () => {
    const { slots } = await (
      await app.request(`/api/booking/slots?from=${iso(workday(opening, 5, "09:00"))}&limit=6`)
    ).json();
    const email = "limit@example.se";
    const who = { ...person(300), epost: email };
    const held = await (
      await app.request(
        "/api/booking/hold",
        {
          method: "POST",
          body: JSON.stringify({ start: slots[0].start }),
          headers: { "content-type": "application/json", ...sameSite },
        },
        fromAddress("192.0.2.50"),
      )
    ).json();
    const web = await app.request(
      "/api/booking/confirm",
      {
        method: "POST",
        body: JSON.stringify({
          holdId: held.holdId,
          template_id: "template_lead",
          template_params: { from_name: "Lim It", from_email: email, subject: "Nytt lead från Emma: Lim It" },
        }),
        headers: { "content-type": "application/json", ...sameSite },
      },
      fromAddress("192.0.2.50"),
    );
    expect(web.status).toBe(200);
    expect(await book(new Date(slots[1].start), who, { callId: "call-limit-1" })).toMatch(/^Mötet är bokat/);
    expect(await book(new Date(slots[2].start), who, { callId: "call-limit-2" })).toBe(results.limited);
    expect(
      await book(new Date(slots[3].start), { ...who, epost: "LIMIT@example.se" }, { callId: "call-limit-3" }),
    ).toBe(results.limited);
    const booked = (await store.listMessages({ limit: 100 })).items.filter(
      (m) => m.from_email?.toLowerCase() === email,
    );
    expect(booked).toHaveLength(2);
  });

  it("refuses details that do not pass the lead form's rules", async () => {
    const line = await call("boka_mote", {
      tid: iso(workday(opening, 1, "11:00")),
      namn: "",
      epost: "x",
      epost_bekraftad: true,
    });
    expect(line).toMatch(/^Uppgifterna sparades inte:/);
    const rules = (name) => forms.call.fields.find((f) => f.name === name).messages;
    expect(line).toContain(`${rules("name").required} ${rules("email").email}`);
  });
});
