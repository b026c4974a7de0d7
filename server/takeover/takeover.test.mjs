// @vitest-environment node
// The live takeover's API on SQLite and on PostgreSQL (a database per run), in process with a frozen clock: the
// handoff, the visitor's stream and its resume, the team's take, lines and release, the limits, the 60 s sweep.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../adapters/store/index.mjs";
import { createSalesTeam } from "../adapters/store/sales-team.mjs";
import { createApp } from "../app.mjs";
import { createLive } from "../live/hub.mjs";
import { hashPassword } from "../routes/admin/password.mjs";
import { FIRST_ACCOUNT_ID } from "../routes/admin/sessions.mjs";
import { nextWeekday, plus, startOfSuite, stockholm, workday } from "../testing/clock.mjs";
import { tempDir } from "../testing/helpers.mjs";
import { createTestDatabase } from "../testing/postgres.mjs";
import { readStream } from "../testing/sse.mjs";

const PASSWORD = "en säljare tar över chatten";
const cheap = { N: 1024, r: 8, p: 1 };
const OPEN = workday(startOfSuite(), 1, "10:00");
let clockAt = OPEN;
const now = () => clockAt;
const closers = [];
let root;
let hash;

beforeAll(async () => {
  root = await tempDir();
  await mkdir(join(root, "admin"));
  await writeFile(join(root, "admin", "index.html"), "<!doctype html><title>Administration</title>");
  hash = await hashPassword(PASSWORD, cheap);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const same = { origin: "http://localhost", "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" };
const transcript = [
  { author: "emma", text: "Hej! Jag är Emma." },
  { author: "visitor", text: "Kan jag prata med en människa?" },
];

/** An instance: its app on `store`, with a notifications stub whose reply channel is on. */
function instance(store, { limits = { handoffs: { points: 1000, durationSeconds: 600 } }, streams } = {}) {
  const live = createLive({ store, now, log: () => {} });
  const kicks = [];
  let takeover;
  const app = createApp({
    root,
    inboxDir: root,
    inbox: { store, quiet: true, notifications: { reply: true, kick: () => kicks.push(1) } },
    admin: { passwordHash: hash, hashCost: cheap, log: () => {} },
    now,
    live,
    takeover: { limits, streams, log: () => {}, onStart: (t) => (takeover = t) },
    warn: () => {},
  });
  closers.push(() => live.close());
  const call = (path, { method = "GET", body, cookie, token, headers = {} } = {}) =>
    app.request(path, {
      method,
      headers: {
        ...same,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        ...(token ? { "x-conversation-token": token } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  const json = async (...args) => {
    const res = await call(...args);
    return { status: res.status, body: await res.json().catch(() => null), res };
  };
  const login = async (email) => {
    const res = await call("/api/admin/login", {
      method: "POST",
      body: { password: PASSWORD, ...(email ? { email } : {}) },
    });
    const cookie = /^(__Host-admin_session=[^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
    if (!cookie) throw new Error(`no session: ${res.status}`);
    return cookie;
  };
  /** The team's page open (presence), its stream read. */
  const teamStream = async (cookie) => {
    const stream = readStream(await call("/api/admin/live", { cookie }));
    closers.push(() => stream.close());
    await stream.until(() => stream.events.some((e) => e.kind === "presence" && e.data.online.length > 0));
    return stream;
  };
  const visitorStream = async (id, token, { after, lastEventId } = {}) => {
    const query = new URLSearchParams({ token, ...(after === undefined ? {} : { after: String(after) }) });
    const res = await call(`/api/chat/conversations/${id}/live?${query}`, {
      headers: lastEventId === undefined ? {} : { "last-event-id": String(lastEventId) },
    });
    if (res.status !== 200) return { status: res.status, stream: null };
    const stream = readStream(res);
    closers.push(() => stream.close());
    await stream.until(() => stream.events.some((e) => e.kind === "state"));
    return { status: 200, stream };
  };
  return { app, live, store, call, json, login, teamStream, visitorStream, kicks, takeover };
}

const engines = [
  {
    engine: "SQLite",
    open: async () => openStore({ dir: await tempDir(), log: () => {}, now }),
  },
  {
    engine: "PostgreSQL",
    open: async (db) => openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {}, now }),
  },
];

describe.each(engines)("the takeover on $engine", ({ engine, open }) => {
  let db = null;
  let store;
  let a;
  let cookie;

  beforeAll(async () => {
    if (engine === "PostgreSQL") db = await createTestDatabase("t74t");
    store = await open(db);
    await store.ready();
    closers.push(async () => {
      await store.close();
      await db?.drop();
    });
    a = instance(store);
    cookie = await a.login();
  });

  it("says closed at 20:00 Stockholm and on a Saturday, and keeps the lead of an unavailable handoff", async () => {
    clockAt = stockholm(OPEN, 0, "20:00");
    expect((await a.json("/api/chat/availability")).body).toEqual({ open: false, online: 0, ask: false, mail: true });
    const closed = await a.json("/api/chat/handoff", {
      method: "POST",
      body: { transcript, page: "/om-oss", name: "Nils", email: "nils@example.se" },
    });
    expect(closed).toMatchObject({ status: 200, body: { state: "unavailable", reason: "closed" } });
    const { items } = await store.listMessages({ kind: "conversation" });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ from_name: "Nils", from_email: "nils@example.se", page: "/om-oss" });
    expect(items[0].params.message).toContain("Besökare: Kan jag prata med en människa?");
    clockAt = nextWeekday(OPEN, 6, "10:00");
    expect((await a.json("/api/chat/availability")).body.open).toBe(false);
    clockAt = OPEN;
    expect((await a.json("/api/chat/availability")).body).toEqual({ open: true, online: 0, ask: false, mail: true });
    const nobody = await a.json("/api/chat/handoff", { method: "POST", body: { transcript } });
    expect(nobody.body).toEqual({ state: "unavailable", reason: "nobody" });
    const names = (await store.listMessages({ kind: "conversation" })).items.map((m) => m.from_name);
    expect(names.sort()).toEqual(["Besökare i chatten", "Nils"]);
  });

  it("hands over: offered, taken, lines both ways, typing, a form, and back to Emma", async () => {
    clockAt = OPEN;
    const team = await a.teamStream(cookie);
    expect((await a.json("/api/chat/availability")).body).toEqual({ open: true, online: 1, ask: true, mail: true });
    const started = await a.json("/api/chat/handoff", {
      method: "POST",
      body: { transcript, page: "/", name: "Anna" },
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ state: "waiting", waitSeconds: 60, offeredTo: { name: "Administratör" } });
    const { id, token } = started.body;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    await team.until(() => team.kept("conversation.changed").some((e) => e.data.conversation === id));

    expect(
      (await a.json(`/api/chat/conversations/${id}/lines`, { method: "POST", body: { text: "hej" } })).status,
    ).toBe(401);
    const { stream: visitor } = await a.visitorStream(id, token);
    await visitor.until(() => visitor.events.filter((e) => e.kind === "line").length === 2);
    expect(visitor.events[0]).toMatchObject({ kind: "state", data: { state: "waiting", holder: null } });
    expect(visitor.events.filter((e) => e.kind === "line").map((e) => e.id)).toEqual([1, 2]);

    const list = await a.json("/api/admin/conversations", { cookie });
    expect(list.body.conversations.find((c) => c.id === id)).toMatchObject({
      state: "waiting",
      holder: null,
      offeredTo: { id: FIRST_ACCOUNT_ID, name: "Administratör" },
      visitorName: "Anna",
      lines: 2,
      lastLine: { author: "visitor", text: "Kan jag prata med en människa?" },
    });

    const taken = await a.json(`/api/admin/conversations/${id}/take`, { method: "POST", body: {}, cookie });
    expect(taken.body.conversation).toMatchObject({
      state: "held",
      holder: { id: FIRST_ACCOUNT_ID, name: "Administratör" },
    });
    await visitor.until(() => visitor.events.some((e) => e.kind === "state" && e.data.state === "held"));
    expect(visitor.events.findLast((e) => e.kind === "state").data.holder).toEqual({ name: "Administratör" });

    const said = await a.json(`/api/admin/conversations/${id}/lines`, {
      method: "POST",
      body: { text: "Hej Anna!" },
      cookie,
    });
    expect(said).toMatchObject({ status: 201, body: { seq: 3 } });
    await visitor.until(() => visitor.events.some((e) => e.kind === "line" && e.id === 3));
    expect(visitor.events.find((e) => e.id === 3).data).toMatchObject({
      author: "agent",
      name: "Administratör",
      text: "Hej Anna!",
    });

    const reply = await a.json(`/api/chat/conversations/${id}/lines`, {
      method: "POST",
      body: { text: "Hej!" },
      token,
    });
    expect(reply).toMatchObject({ status: 201, body: { seq: 4 } });
    await team.until(() => team.kept("conversation.line").some((e) => e.data.conversation === id && e.data.seq === 4));
    expect(team.raw).not.toContain("Hej!");

    expect((await a.call(`/api/chat/conversations/${id}/typing`, { method: "POST", token })).status).toBe(204);
    await team.until(() => team.events.some((e) => e.kind === "conversation.typing" && e.data.who === "visitor"));
    await a.call(`/api/admin/conversations/${id}/typing`, { method: "POST", body: {}, cookie });
    await visitor.until(() => visitor.events.some((e) => e.kind === "typing" && e.data.who === "agent"));

    const form = await a.json(`/api/admin/conversations/${id}/form`, {
      method: "POST",
      body: { form: "booking" },
      cookie,
    });
    expect(form.status).toBe(201);
    await visitor.until(() => visitor.events.some((e) => e.kind === "line" && e.data.text === "[form:booking]"));

    const detail = await a.json(`/api/admin/conversations/${id}`, { cookie });
    expect(detail.body.lines.map((l) => l.author)).toEqual(["emma", "visitor", "agent", "visitor", "system"]);

    expect((await a.json(`/api/admin/conversations/${id}/release`, { method: "POST", body: {}, cookie })).status).toBe(
      200,
    );
    await visitor.until(() => visitor.events.some((e) => e.kind === "state" && e.data.state === "returned"));
    const refused = await a.json(`/api/chat/conversations/${id}/lines`, {
      method: "POST",
      body: { text: "Hallå?" },
      token,
    });
    expect(refused).toMatchObject({ status: 409, body: { error: "closed", state: "returned" } });
  });

  it("resumes a visitor's stream after the last seq seen, by Last-Event-ID or ?after=", async () => {
    const started = await a.json("/api/chat/handoff", { method: "POST", body: { transcript } });
    const { id, token } = started.body;
    for (const text of ["ett", "två", "tre"])
      await a.json(`/api/chat/conversations/${id}/lines`, { method: "POST", body: { text }, token });
    const { stream: resumed } = await a.visitorStream(id, token, { lastEventId: 3 });
    await resumed.until(() => resumed.events.some((e) => e.id === 5));
    expect(resumed.events.filter((e) => e.kind === "line").map((e) => [e.id, e.data.text])).toEqual([
      [4, "två"],
      [5, "tre"],
    ]);
    const { stream: after } = await a.visitorStream(id, token, { after: 4 });
    await after.until(() => after.events.some((e) => e.id === 5));
    expect(after.events.filter((e) => e.kind === "line").map((e) => e.id)).toEqual([5]);
  });

  it("limits: size, rate, streams per conversation, a bad token; markup is never echoed as markup", async () => {
    const b = instance(store, { limits: { handoffs: { points: 2, durationSeconds: 600 }, linesPerMinute: 3 } });
    await b.teamStream(cookie);
    const first = await b.json("/api/chat/handoff", { method: "POST", body: { transcript } });
    expect(first.status).toBe(201);
    expect((await b.json("/api/chat/handoff", { method: "POST", body: { transcript } })).status).toBe(201);
    const third = await b.json("/api/chat/handoff", { method: "POST", body: { transcript } });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ error: "rate-limited" });
    expect(Number(third.res.headers.get("retry-after"))).toBeGreaterThan(0);

    const { id, token } = first.body;
    const line = (text) => b.json(`/api/chat/conversations/${id}/lines`, { method: "POST", body: { text }, token });
    expect((await line("x".repeat(1001))).status).toBe(413);
    expect((await line("x".repeat(20_000))).status).toBe(413);
    expect(await line("   ")).toMatchObject({ status: 400, body: { error: "empty" } });
    const markup = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    for (const text of [markup, "två", "tre"]) expect((await line(text)).status).toBe(201);
    expect((await line("fyra")).status).toBe(429);

    const wrong = await b.json(`/api/chat/conversations/${id}/live?token=${"0".repeat(32)}`);
    expect(wrong.status).toBe(401);
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push((await b.visitorStream(id, token)).stream);
    expect((await b.visitorStream(id, token)).status).toBe(429);
    const [one] = streams;
    await one.until(() => one.events.some((e) => e.kind === "line" && e.data.text === markup));
    expect(one.raw).not.toMatch(/[<>]/);
    one.close();
    await b.json("/api/chat/availability");
    expect(await waitFor(async () => (await b.visitorStream(id, token)).status === 200)).toBe(true);
  });

  it("the 60 s sweep by the frozen clock makes a waiting conversation missed with exactly one lead", async () => {
    clockAt = OPEN;
    const started = await a.json("/api/chat/handoff", {
      method: "POST",
      body: { transcript, name: "Petra", email: "petra@example.se" },
    });
    const { id, token } = started.body;
    const takeover = takeoverOf(a);
    const b = instance(store);
    clockAt = plus(OPEN, 59_000);
    await takeover.sweep();
    expect((await takeover.conversations.get(id)).state).toBe("waiting");
    // Both instances sweep at once, a round later: one claims it, one lead.
    clockAt = plus(OPEN, 65_000);
    const swept = await Promise.all([takeover.sweep(), takeoverOf(b).sweep()]);
    expect(swept.filter((n) => n > 0)).toHaveLength(1);
    const conversation = await takeover.conversations.get(id);
    expect(conversation.state).toBe("missed");
    const leads = (await store.listMessages({ kind: "conversation", limit: 100 })).items.filter(
      (m) => m.from_email === "petra@example.se",
    );
    expect(leads).toHaveLength(1);
    expect(leads[0].id).toBe(conversation.messageId);
    expect(leads[0].params.message).toContain("Emma: Hej! Jag är Emma.\nBesökare: Kan jag prata med en människa?");
    const again = await a.json(`/api/chat/conversations/${id}/missed`, { method: "POST", token });
    expect(again.body).toEqual({ state: "missed" });
    clockAt = OPEN;
    // The person's erasure takes the conversation with the lead.
    expect(await store.erasePerson("petra@example.se")).toBe(1);
    expect(await takeover.conversations.get(id)).toBeNull();
  });

  it("ends a held conversation nobody wrote in for 30 minutes", async () => {
    clockAt = plus(OPEN, 120_000);
    const { id, token } = (await a.json("/api/chat/handoff", { method: "POST", body: { transcript } })).body;
    await a.json(`/api/admin/conversations/${id}/take`, { method: "POST", body: {}, cookie });
    clockAt = plus(OPEN, 120_000 + 29 * 60_000);
    await takeoverOf(a).sweep();
    expect((await takeoverOf(a).conversations.get(id)).state).toBe("held");
    clockAt = plus(OPEN, 120_000 + 31 * 60_000);
    await takeoverOf(a).sweep();
    expect((await takeoverOf(a).conversations.get(id)).state).toBe("ended");
    const refused = await a.json(`/api/chat/conversations/${id}/lines`, {
      method: "POST",
      body: { text: "Hallå?" },
      token,
    });
    expect(refused).toMatchObject({ status: 409, body: { state: "ended" } });
    clockAt = OPEN;
  });

  it.runIf(engine === "PostgreSQL")("counts a salesperson online on another instance", async () => {
    await a.teamStream(cookie);
    const c = instance(store);
    expect(await waitFor(async () => (await c.json("/api/chat/availability")).body.online === 1)).toBe(true);
  });

  it("mails the transcript to the visitor through the outbox", async () => {
    const { id, token } = (await a.json("/api/chat/handoff", { method: "POST", body: { transcript } })).body;
    const asked = await a.json(`/api/chat/conversations/${id}/transcript`, {
      method: "POST",
      body: { email: "olle@example.se" },
      token,
    });
    expect(asked.status).toBe(202);
    const pending = (await store.pendingNotifications()).filter((n) => n.channel === "reply");
    expect(pending.at(-1).payload).toMatchObject({ to: "olle@example.se", subject: "Ditt samtal med Nordlys AI" });
    expect(pending.at(-1).payload.text).toContain("Besökare: Kan jag prata med en människa?");
  });

  it("asks the lead's owner first when online, and shows a colleague the taker's name on a second take", async () => {
    const team = createSalesTeam(store, { now });
    const added = await team.addAccount({ name: "Sara Säljare", email: `sara-${engine}@example.se` });
    await team.setPassword(added.account.id, hash);
    const sara = await a.login(`sara-${engine}@example.se`);
    await a.teamStream(sara);
    await store.addMessage({
      kind: "contact",
      receivedAt: OPEN,
      params: { from_name: "Kund", from_email: "kund@example.se", message: "Hej" },
    });
    const { items } = await store.listMessages({ text: "kund@example.se" });
    await store.updateMessage(items[0].id, { owner: { id: added.account.id, name: "Sara Säljare" } });
    const started = await a.json("/api/chat/handoff", {
      method: "POST",
      body: { transcript, email: "kund@example.se" },
    });
    expect(started.body.offeredTo).toEqual({ name: "Sara Säljare" });

    const { id } = started.body;
    const [one, two] = await Promise.all([
      a.json(`/api/admin/conversations/${id}/take`, { method: "POST", body: {}, cookie: sara }),
      a.json(`/api/admin/conversations/${id}/take`, { method: "POST", body: {}, cookie }),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses).toEqual([200, 409]);
    const lost = one.status === 409 ? one : two;
    const won = one.status === 200 ? one : two;
    expect(lost.body).toMatchObject({ error: "taken", holder: { name: won.body.conversation.holder.name } });
    const other = won === one ? cookie : sara;
    const notHolder = await a.json(`/api/admin/conversations/${id}/lines`, {
      method: "POST",
      body: { text: "Jag då?" },
      cookie: other,
    });
    expect(notHolder).toMatchObject({ status: 409, body: { error: "not-holder" } });
  });
});

const takeoverOf = (inst) => inst.takeover;

/** Polls `check` until true (a stream's slot freed when its reader goes). */
async function waitFor(check, ms = 5000) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}
