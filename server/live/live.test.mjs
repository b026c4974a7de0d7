// @vitest-environment node
// The live transport (decision 072): two instances on one PostgreSQL database (a database per run), each with its
// own listening connection, and one instance on the embedded store; resume, reconnection, limits, presence.
import { Hono } from "hono";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../adapters/store/index.mjs";
import { createSalesTeam } from "../adapters/store/sales-team.mjs";
import { tempDir } from "../testing/helpers.mjs";
import { createTestDatabase } from "../testing/postgres.mjs";
import { readStream } from "../testing/sse.mjs";
import { DAY, HOUR, plus, startOfSuite } from "../testing/clock.mjs";
import { createLive } from "./hub.mjs";
import { createLiveStreams, eventIdOf, frame } from "./streams.mjs";

const NOW = startOfSuite();
let clockAt = NOW;
const now = () => clockAt;
const closers = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** An instance: its store, hub and a stream route (address from a header, account from the query). */
function instance(store, { streams: limits = {}, beatMs } = {}) {
  const live = createLive({ store, now, log: () => {}, beatMs });
  const streams = createLiveStreams({ live, ...limits });
  const app = new Hono();
  app.get("/live", (c) =>
    streams.respond(c, { address: c.req.header("x-address") ?? "192.0.2.1", accountId: c.req.query("account") }),
  );
  closers.push(() => live.close());
  /** @param {{ after?: number | string, lastEventId?: number, address?: string, account?: string }} [o] */
  const open = async ({ after, lastEventId, address, account } = {}) => {
    const query = new URLSearchParams({
      ...(after === undefined ? {} : { after: String(after) }),
      ...(account ? { account } : {}),
    });
    const res = await app.request(`/live?${query}`, {
      headers: {
        ...(lastEventId === undefined ? {} : { "last-event-id": String(lastEventId) }),
        ...(address ? { "x-address": address } : {}),
      },
    });
    if (res.status !== 200) return { status: res.status, stream: null };
    const stream = readStream(res);
    closers.push(() => stream.close());
    await stream.until(() => stream.events.some((e) => e.kind === "presence"), 5000, "the stream's start");
    return { status: 200, stream };
  };
  return { store, live, streams, app, open };
}

describe("the frames", () => {
  it("carry a kept event's id, JSON with no markup, and take only whole ids to resume from", () => {
    expect(frame({ id: 7, kind: "message.added", data: { message: "a" } })).toBe(
      'id: 7\nevent: message.added\ndata: {"message":"a"}\n\n',
    );
    const text = frame({ kind: "presence", data: { online: ["<script>&"] } });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text.split("data: ")[1])).toEqual({ online: ["<script>&"] });
    expect([
      eventIdOf("42"),
      eventIdOf(" 3 "),
      eventIdOf("-1"),
      eventIdOf("1e3"),
      eventIdOf(""),
      eventIdOf(undefined),
    ]).toEqual([42, 3, null, null, null, null]);
  });
});

describe("two instances on one PostgreSQL database", () => {
  let db;
  let a;
  let b;
  beforeAll(async () => {
    db = await createTestDatabase("t53l");
    const storeA = openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {}, now });
    const storeB = openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {}, now });
    closers.push(() => db.drop());
    closers.push(
      () => storeA.close(),
      () => storeB.close(),
    );
    a = instance(storeA);
    b = instance(storeB, { streams: { maxConnections: 4, maxPerAddress: 2 } });
    await Promise.all([storeA.ready(), storeB.ready()]);
  }, 30_000);

  it("uses LISTEN/NOTIFY, and an event kept on A reaches a subscriber on B within 1 s", async () => {
    expect(b.live.transportName).toMatch(/^live-/);
    const { stream } = await b.open();
    const start = performance.now();
    const event = await a.live.publish("message.added", { message: "m-1" });
    await stream.until(() => stream.kept("message.added").length === 1, 1000, "A's event on B");
    expect(stream.kept("message.added")[0]).toMatchObject({ id: event.id, data: { message: "m-1" } });
    expect(stream.kept("message.added")[0].at - start).toBeLessThan(1000);
    stream.close();
  });

  it("the store's writes are published: a message added, changed, and an action in its history", async () => {
    const { stream } = await b.open();
    const { id } = await a.store.addMessage(
      {
        kind: "contact",
        template: "template_contact",
        receivedAt: NOW,
        params: { from_name: "Åsa", from_email: "a@b.se" },
      },
      { channels: [] },
    );
    await stream.until(() => stream.kept("message.added").some((e) => e.data.message === id), 1000, "the new message");
    await a.store.updateMessage(id, { owner: { id: "x", name: "Sara" } });
    await createSalesTeam(a.store, { now }).addEvent(id, { id: "x", name: "Sara" }, "assigned", { ownerName: "Sara" });
    await stream.until(() => stream.kept("message.changed").length === 2, 1000, "two changes");
    expect(stream.kept("message.changed").map((e) => e.data)).toEqual([{ message: id }, { message: id }]);
    // Ids and kinds only: the visitor's name is nowhere in the stream.
    expect(stream.raw).not.toContain("Åsa");
    stream.close();
  });

  it("resumes from an event id (Last-Event-ID or ?after=) with exactly the missed events, in order", async () => {
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await a.live.publish("message.changed", { message: `r-${i}` }));
    const { stream } = await b.open({ lastEventId: sent[1].id });
    await stream.until(() => stream.kept().length >= 3, 2000, "the missed events");
    expect(stream.kept().map((e) => e.id)).toEqual(sent.slice(2).map((e) => e.id));
    expect(stream.kept().map((e) => e.data.message)).toEqual(["r-2", "r-3", "r-4"]);
    stream.close();
    const viaQuery = (await b.open({ after: sent[3].id })).stream;
    await viaQuery.until(() => viaQuery.kept().length >= 1);
    expect(viaQuery.kept().map((e) => e.data.message)).toEqual(["r-4"]);
    viaQuery.close();
  });

  it("a fresh stream starts at the newest id, so its first reconnect misses nothing", async () => {
    const last = await a.live.publish("message.changed", { message: "before" });
    const { stream } = await b.open();
    expect(stream.events[0]).toMatchObject({ kind: "ready", id: last.id });
    stream.close();
  });

  it("a killed listening connection reconnects, and what was kept meanwhile still arrives, once", async () => {
    const { stream } = await b.open();
    const listener = async () =>
      (
        await b.store.run((conn) =>
          sql`select pid from pg_stat_activity where application_name = ${b.live.transportName}`.execute(conn),
        )
      ).rows.map((r) => r.pid);
    await expect.poll(listener).toHaveLength(1);
    const [killed] = await listener();
    await b.store.run((conn) => sql`select pg_terminate_backend(${killed}::int)`.execute(conn));
    const during = await a.live.publish("message.added", { message: "while-away" });
    await stream.until(() => stream.kept().some((e) => e.id === during.id), 8000, "the event kept while B was away");
    const now = await listener();
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(killed);
    const after = await a.live.publish("message.added", { message: "after" });
    await stream.until(() => stream.kept().some((e) => e.id === after.id), 1000, "an event after the reconnect");
    expect(stream.kept().filter((e) => e.id === during.id)).toHaveLength(1);
    stream.close();
  });

  it("refuses past the limits (429 per address, 503 in all) and a closed stream frees its place", async () => {
    const first = await b.open({ address: "198.51.100.1" });
    const second = await b.open({ address: "198.51.100.1" });
    expect((await b.open({ address: "198.51.100.1" })).status).toBe(429);
    const third = await b.open({ address: "198.51.100.2" });
    const fourth = await b.open({ address: "198.51.100.3" });
    expect(b.streams.size).toBe(4);
    expect((await b.open({ address: "198.51.100.4" })).status).toBe(503);
    first.stream.close();
    await expect.poll(() => b.streams.size).toBe(3);
    const again = await b.open({ address: "198.51.100.1" });
    expect(again.status).toBe(200);
    for (const s of [second, third, fourth, again]) s.stream.close();
    await expect.poll(() => b.streams.size).toBe(0);
  });

  it("shows who is online on either instance, and when they leave", async () => {
    const watcher = (await b.open()).stream;
    const sara = (await a.open({ account: "sara" })).stream;
    await watcher.until(
      () => watcher.events.some((e) => e.kind === "presence" && e.data.online.includes("sara")),
      1000,
    );
    sara.close();
    await watcher.until(
      () => watcher.events.at(-1)?.kind === "presence" && !watcher.events.at(-1).data.online.includes("sara"),
      1000,
    );
    watcher.close();
  });

  it("prunes events older than its days, and a resume from a pruned id is told to reload (reset)", async () => {
    const old = await a.live.publish("message.changed", { message: "old" });
    clockAt = plus(NOW, 2 * DAY);
    const newer = await a.live.publish("message.changed", { message: "new" });
    expect(await a.store.pruneEvents(plus(NOW, DAY + HOUR))).toBeGreaterThan(0);
    expect((await a.store.eventsAfter(old.id - 1)).stale).toBe(true);
    const { stream } = await b.open({ lastEventId: old.id - 1 });
    expect(stream.events[0]).toMatchObject({ kind: "reset", id: newer.id });
    stream.close();
    clockAt = NOW;
  });

  it("ends every stream when the instance stops, so browsers reconnect elsewhere", async () => {
    const store = openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {}, now });
    closers.push(() => store.close());
    const c = instance(store);
    const { stream } = await c.open();
    await c.live.close();
    await stream.until(() => stream.ended, 2000, "the end");
    expect(c.streams.size).toBe(0);
  });
});

describe("one instance on the embedded store (SQLite)", () => {
  let one;
  beforeAll(async () => {
    const store = openStore({ dir: await tempDir(), log: () => {}, now });
    closers.push(() => store.close());
    one = instance(store, { streams: { maxConnections: 3, maxPerAddress: 2, heartbeatMs: 20 } });
  });

  it("tells its own subscribers in process, within 1 s, with ids", async () => {
    expect(one.live.transportName).toBe("in-process");
    const { stream } = await one.open();
    const { id } = await one.store.addMessage(
      { kind: "contact", template: "template_contact", receivedAt: NOW, params: { from_email: "a@b.se" } },
      { channels: [] },
    );
    await stream.until(() => stream.kept("message.added").some((e) => e.data.message === id), 1000);
    stream.close();
  });

  it("resumes from an event id with exactly the missed events, in order", async () => {
    const sent = [];
    for (let i = 0; i < 4; i++) sent.push(await one.live.publish("message.changed", { message: `s-${i}` }));
    expect(sent.map((e) => e.id)).toEqual([...sent.map((e) => e.id)].sort((x, y) => x - y));
    const { stream } = await one.open({ lastEventId: sent[0].id });
    await stream.until(() => stream.kept().length >= 3);
    expect(stream.kept().map((e) => e.data.message)).toEqual(["s-1", "s-2", "s-3"]);
    stream.close();
  });

  it("beats, shows presence, and holds its limits", async () => {
    const first = await one.open({ account: "per" });
    await first.stream.until(() => first.stream.comments >= 1, 2000, "a heartbeat");
    expect(first.stream.events.at(-1)).toMatchObject({ kind: "presence", data: { online: ["per"] } });
    const second = await one.open({ account: "per" });
    expect((await one.open()).status).toBe(429);
    const third = await one.open({ address: "203.0.113.9" });
    expect((await one.open({ address: "203.0.113.10" })).status).toBe(503);
    for (const s of [first, second, third]) s.stream.close();
    await expect.poll(() => one.live.online()).toEqual([]);
  });
});
