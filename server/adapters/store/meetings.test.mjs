// @vitest-environment node
// The meetings' store on both engines: holds that never double a slot, a hold that expires, a
// booking as a lead in one transaction, confirm twice, the manage token, cancel and move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR, MINUTE, plus, startOfSuite, stockholm } from "../../testing/clock.mjs";
import { tempDir } from "../../testing/helpers.mjs";
import { createTestDatabase } from "../../testing/postgres.mjs";
import { openStore } from "./index.mjs";
import { createStoreMeetings } from "./meetings.mjs";

const engines = [
  { engine: "sqlite", setup: async () => ({ url: undefined, drop: async () => {} }) },
  { engine: "postgres", setup: () => createTestDatabase("t45m") },
];

// The suite's frozen now, and the local day `days` after it at `time` (Stockholm): each test has its own days.
const opening = startOfSuite();
const day = (/** @type {number} */ days, time = "10:00") => stockholm(opening, days, time);
const iso = (/** @type {Date} */ d) => d.toISOString();

const START = day(5);
const END = plus(START, 15 * MINUTE);

const record = (email = "anna@example.se") => ({
  kind: "lead",
  template: "template_lead",
  params: { from_name: "Anna Berg", from_email: email, subject: "Nytt lead från Emma: Anna Berg", meeting: "x" },
  receivedAt: opening,
});

const effects = (meeting) => [
  { channel: `booking:confirm:${meeting.sequence}`, at: opening },
  { channel: `booking:reminder:${meeting.sequence}`, at: plus(meeting.start, -DAY) },
];

describe.each(engines)("meetings on $engine", ({ setup }) => {
  let db;
  let store;
  let clock = opening;
  let meetings;

  beforeAll(async () => {
    db = await setup();
    store = openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {}, now: () => clock });
    meetings = createStoreMeetings(store, { now: () => clock });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const hold = (start = START, over = {}) =>
    meetings.hold({ start, end: plus(start, 15 * MINUTE), holdMinutes: 10, source: "chat", ...over });

  it("gives one of 20 parallel holds of one slot, and one booking of it", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hold()));
    const held = results.filter((r) => r.status === "held");
    expect(held).toHaveLength(1);
    expect(results.filter((r) => r.status === "taken")).toHaveLength(19);
    const confirmed = await Promise.all(
      results.map((r, i) =>
        r.status === "held"
          ? meetings.confirm(r.meeting.id, { record: record(`v${i}@example.se`), channels: ["email"], effects })
          : null,
      ),
    );
    expect(confirmed.filter((c) => c?.status === "booked")).toHaveLength(1);
    const taken = await meetings.taken(day(3, "00:00"));
    expect(taken).toEqual([{ start: START.getTime(), end: END.getTime() }]);
    const { items } = await store.listMessages();
    expect(items).toHaveLength(1);
    expect((await hold()).status).toBe("taken");
  });

  it("frees an expired hold for another visitor, and the first one's confirm then says taken", async () => {
    const start = day(6);
    const first = await hold(start);
    expect(first.status).toBe("held");
    clock = plus(clock, 11 * MINUTE);
    expect((await meetings.taken(day(6, "00:00"))).length).toBe(0);
    const second = await hold(start);
    expect(second.status).toBe("held");
    const late = await meetings.confirm(first.meeting.id, { record: record("a@example.se"), channels: [], effects });
    expect(late).toEqual({ status: "taken" });
    const ok = await meetings.confirm(second.meeting.id, { record: record("b@example.se"), channels: [], effects });
    expect(ok.status).toBe("booked");
  });

  it("still books an expired hold nobody else took", async () => {
    const start = day(6, "11:00");
    const h = await hold(start);
    clock = plus(clock, 30 * MINUTE);
    const ok = await meetings.confirm(h.meeting.id, { record: record("c@example.se"), channels: [], effects });
    expect(ok.status).toBe("booked");
  });

  it("gives the same booking, one lead and one set of mails, to a confirm sent five times at once", async () => {
    const start = day(9);
    const h = await hold(start);
    const before = (await store.listMessages()).total;
    const all = await Promise.all(
      Array.from({ length: 5 }, () =>
        meetings.confirm(h.meeting.id, { record: record("d@example.se"), channels: ["email"], effects }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(5).fill("booked"));
    expect(all.filter((r) => !r.repeated)).toHaveLength(1);
    expect(new Set(all.map((r) => r.meeting.id)).size).toBe(1);
    expect(new Set(all.map((r) => r.message?.id)).size).toBe(1);
    expect((await store.listMessages()).total).toBe(before + 1);
    const rows = await store.db
      .selectFrom("notifications")
      .select("channel")
      .where("message_id", "=", all[0].meeting.messageId)
      .execute();
    expect(rows.map((r) => r.channel).sort()).toEqual(["booking:confirm:0", "booking:reminder:0", "email"]);
  });

  it("refuses an e-mail with meetings ahead already, and a client with open holds", async () => {
    const a = await hold(day(10));
    const b = await hold(day(10, "11:00"));
    await meetings.confirm(a.meeting.id, { record: record("e@example.se"), channels: [], effects, maxUpcoming: 1 });
    expect(
      await meetings.confirm(b.meeting.id, { record: record("E@Example.se "), channels: [], effects, maxUpcoming: 1 }),
    ).toEqual({
      status: "limit",
    });
    const open = [];
    for (const h of [11, 12, 13])
      open.push(await hold(day(11, `${h}:00`), { addressKey: "client-1", maxOpenHolds: 2 }));
    expect(open.map((r) => r.status)).toEqual(["held", "held", "limit"]);
  });

  it("counts an e-mail's bookings and a client's open holds at once: 20 in parallel pass no limit", async () => {
    const slot = (days, i) => plus(day(days, "09:00"), i * 30 * MINUTE);
    const holds = async (day) =>
      Promise.all(Array.from({ length: 20 }, async (_, i) => (await hold(slot(day, i))).meeting.id));
    const confirmAll = async (ids, email, limits) =>
      (
        await Promise.all(
          ids.map((id) => meetings.confirm(id, { record: record(email), channels: [], effects, ...limits })),
        )
      ).filter((r) => r.status === "booked").length;
    expect(await confirmAll(await holds(19), "twenty@example.se", { maxUpcoming: 2 })).toBe(2);
    const since = plus(clock, -HOUR);
    expect(await confirmAll(await holds(20), "window@example.se", { maxRecent: 3, recentSince: since })).toBe(3);
    const open = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hold(slot(23, i), { addressKey: "client-20", maxOpenHolds: 3 })),
    );
    expect(open.filter((r) => r.status === "held")).toHaveLength(3);
    expect(open.filter((r) => r.status === "limit")).toHaveLength(17);
  });

  it("keeps one meeting per hold key (a call): the same start again, another start while held, none once booked", async () => {
    const start = day(12);
    const one = await hold(start, { holdKey: "call:call-1" });
    const two = await hold(start, { holdKey: "call:call-1" });
    expect(two.status).toBe("held");
    expect(two.meeting.id).toBe(one.meeting.id);
    const later = day(12, "11:00");
    const moved = await hold(later, { holdKey: "call:call-1" });
    expect(moved.status).toBe("held");
    expect(await meetings.get(one.meeting.id)).toBeNull();
    expect((await hold(start)).status).toBe("held");
    await meetings.confirm(moved.meeting.id, { record: record("call@example.se"), channels: [], effects });
    expect((await hold(day(12, "12:00"), { holdKey: "call:call-1" })).status).toBe("limit");
    expect((await hold(later, { holdKey: "call:call-1" })).meeting.id).toBe(moved.meeting.id);
    const burst = await Promise.all([13, 14, 15, 16].map((h) => hold(day(12, `${h}:00`), { holdKey: "call:call-2" })));
    expect(burst.filter((r) => r.status === "held").length).toBeGreaterThanOrEqual(1);
    const rows = await store.db.selectFrom("meetings").select("id").where("hold_key", "=", "call:call-2").execute();
    expect(rows).toHaveLength(1);
  });

  it("opens a booking by its token only; a wrong or altered token changes nothing", async () => {
    const start = day(13);
    const h = await hold(start);
    const { meeting } = await meetings.confirm(h.meeting.id, { record: record("f@example.se"), channels: [], effects });
    const token = await meetings.token(meeting.id);
    expect(token).toMatch(/^[0-9a-f]{32}\.[\w-]{43}$/);
    expect((await meetings.byToken(token))?.id).toBe(meeting.id);
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const t of [wrong, "", "x", `${"0".repeat(32)}.${"a".repeat(43)}`, await meetings.token(h.meeting.id + "x")]) {
      expect(await meetings.byToken(t)).toBeNull();
    }
    expect((await meetings.get(meeting.id))?.state).toBe("booked");
    // A hold has no booking to manage, and a meeting that has passed none either.
    const open = await hold(day(13, "11:00"));
    expect(await meetings.byToken(await meetings.token(open.meeting.id))).toBeNull();
  });

  it("cancels once: the slot is free again, the sequence goes up, the cancellation is queued", async () => {
    const start = day(16);
    const h = await hold(start);
    const { meeting } = await meetings.confirm(h.meeting.id, { record: record("g@example.se"), channels: [], effects });
    const cancelEffects = (m) => [{ channel: `booking:cancel:${m.sequence}`, at: clock }];
    const cancelled = await meetings.cancel(meeting.id, { effects: cancelEffects, note: "Sjuk" });
    expect(cancelled).toMatchObject({ state: "cancelled", sequence: 1, cancelNote: "Sjuk" });
    const again = await meetings.cancel(meeting.id, { effects: cancelEffects });
    expect(again).toMatchObject({ state: "cancelled", sequence: 1 });
    expect((await hold(start)).status).toBe("held");
    const rows = await store.db
      .selectFrom("notifications")
      .select("channel")
      .where("message_id", "=", meeting.messageId)
      .execute();
    expect(rows.map((r) => r.channel).sort()).toEqual(["booking:cancel:1", "booking:confirm:0", "booking:reminder:0"]);
  });

  it("moves a booking to a free slot, not to a taken one", async () => {
    const [nine, ten, eleven] = ["10:00", "11:00", "12:00"].map((t) => day(17, t));
    const h = await hold(nine);
    const { meeting } = await meetings.confirm(h.meeting.id, { record: record("h@example.se"), channels: [], effects });
    await hold(ten);
    expect(
      await meetings.move(meeting.id, {
        start: ten,
        end: plus(ten, 15 * MINUTE),
        effects,
      }),
    ).toEqual({ status: "taken" });
    const moved = await meetings.move(meeting.id, {
      start: eleven,
      end: plus(eleven, 15 * MINUTE),
      effects,
    });
    expect(moved.status).toBe("moved");
    expect(moved.meeting).toMatchObject({ start: iso(eleven), sequence: 1, uid: meeting.uid });
    expect((await hold(nine)).status).toBe("held");
    const list = await meetings.list({ from: day(17, "00:00"), to: day(18, "00:00") });
    expect(list.map((m) => [m.start, m.state, m.lead?.from_email])).toEqual([[iso(eleven), "booked", "h@example.se"]]);
  });

  it("keeps a booking the team holds: slot taken, lead marked, nothing queued until approved; a declined one frees its slot", async () => {
    const approval = (fallback) => ({
      fallback,
      surgeCount: 1000,
      surgeSince: plus(clock, -HOUR),
      surgeWindowMs: HOUR,
      notice: () => [],
    });
    const [a, b] = [await hold(day(25)), await hold(day(25, "11:00"))];
    const held = await meetings.confirm(a.meeting.id, {
      record: record("held@example.se"),
      channels: ["email"],
      effects,
      approval: approval("on"),
    });
    expect(held).toMatchObject({ status: "booked", repeated: false, meeting: { state: "pending" } });
    expect(held.message.params.meeting_pending).toBe("ja");
    expect(await meetings.taken(day(25, "00:00"))).toContainEqual({
      start: day(25).getTime(),
      end: plus(day(25), 15 * MINUTE).getTime(),
    });
    const channels = async (id) =>
      (await store.run((d) => d.selectFrom("notifications").select("channel").where("message_id", "=", id).execute()))
        .map((n) => n.channel)
        .sort();
    expect(await channels(held.message.id)).toEqual(["email"]);
    // A repeat gives the same pending booking; it counts against the mailbox's meetings ahead.
    const again = await meetings.confirm(a.meeting.id, { record: record("held@example.se"), channels: [], effects });
    expect(again).toMatchObject({ repeated: true, meeting: { id: held.meeting.id, state: "pending" } });
    const second = await meetings.confirm(b.meeting.id, {
      record: record("held@example.se"),
      channels: [],
      effects,
      maxUpcoming: 1,
      approval: approval("on"),
    });
    expect(second.status).toBe("limit");
    // The team's choice, kept in the store, wins over the default.
    await meetings.setApproval("off", "Sara Säljare");
    expect((await meetings.approval(plus(clock, -HOUR))).setting).toMatchObject({ mode: "off", by: "Sara Säljare" });
    const open = await meetings.confirm(b.meeting.id, {
      record: record("open@example.se"),
      channels: [],
      effects,
      approval: approval("on"),
    });
    expect(open.meeting.state).toBe("booked");
    await meetings.setApproval("on", "Sara Säljare");

    expect(await meetings.approve(held.meeting.id, { by: "Sara Säljare", effects })).toMatchObject({
      status: "approved",
      meeting: { state: "booked", decidedBy: "Sara Säljare" },
    });
    expect(await channels(held.message.id)).toEqual(["booking:confirm:0", "booking:reminder:0", "email"]);
    expect((await meetings.approve(held.meeting.id, { by: "Per", effects })).status).toBe("gone");
    expect((await meetings.decline(held.meeting.id, { by: "Per" })).status).toBe("gone");

    const d = await hold(day(25, "13:00"));
    const pending = await meetings.confirm(d.meeting.id, {
      record: record("no@example.se"),
      channels: [],
      effects,
      approval: approval("off"),
    });
    // The team's "on" holds it whatever the default says.
    expect(pending.meeting.state).toBe("pending");
    expect(await meetings.decline(d.meeting.id, { by: "Per" })).toMatchObject({
      status: "declined",
      meeting: { state: "declined" },
    });
    expect(await channels(pending.message.id)).toEqual([]);
    expect((await hold(day(25, "13:00"))).status).toBe("held");
    expect(await meetings.byToken(await meetings.token(d.meeting.id))).toBeNull();
  });

  it("goes with its lead when the person is erased", async () => {
    const h = await hold(day(18));
    const { meeting } = await meetings.confirm(h.meeting.id, {
      record: record("erase@example.se"),
      channels: [],
      effects,
    });
    expect(await store.erasePerson("erase@example.se")).toBe(1);
    expect(await meetings.get(meeting.id)).toBeNull();
    expect((await hold(day(18))).status).toBe("held");
  });
});
