// @vitest-environment node
// The sales team's tables (migration 010) on both engines: accounts, hashed sessions, history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfSuite } from "../../testing/clock.mjs";
import { tempDir } from "../../testing/helpers.mjs";
import { createTestDatabase } from "../../testing/postgres.mjs";
import { openStore } from "./index.mjs";
import { createSalesTeam, sha256 } from "./sales-team.mjs";

// The suite's frozen now: the store and the team take it.
const NOW = startOfSuite();
const now = () => NOW;

const engines = [
  { engine: "sqlite", setup: async () => ({ url: undefined, drop: async () => {} }) },
  { engine: "postgres", setup: () => createTestDatabase("t44") },
];

describe.each(engines)("the sales team on $engine", ({ setup }) => {
  let db;
  let store;
  let team;
  beforeAll(async () => {
    db = await setup();
    store = openStore({ databaseUrl: db.url, dir: await tempDir(), log: () => {}, now });
    team = createSalesTeam(store);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it("adds an account once per address, with a one-time token kept only as its hash", async () => {
    const added = await team.addAccount({ name: "Sara", email: "Sara@Nordlysai.se" });
    expect(await team.addAccount({ name: "Sara 2", email: "sara@nordlysai.se" })).toBeNull();
    const row = await store.db.selectFrom("admin_accounts").selectAll().executeTakeFirst();
    expect(row.setup_token_hash).toBe(sha256(added.token));
    expect(JSON.stringify(row)).not.toContain(added.token);
    expect((await team.accountBySetupToken(added.token)).email).toBe("Sara@Nordlysai.se");
    await team.setPassword(added.account.id, "scrypt$hash");
    expect(await team.accountBySetupToken(added.token)).toBeNull();
    expect((await team.accountByEmail("sara@nordlysai.se")).passwordHash).toBe("scrypt$hash");
  });

  it("keeps sessions by the hash of their token, and ends them with the account", async () => {
    const { account } = await team.addAccount({ name: "Bo", email: "bo@nordlysai.se" });
    const token = await team.createSession({ accountId: account.id, credential: "c", maxMs: 60_000 });
    const session = await team.findSession(token);
    expect(session).toMatchObject({ accountId: account.id, credential: "c", idHash: sha256(token) });
    const rows = await store.db.selectFrom("admin_sessions").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    await team.removeAccount("bo@nordlysai.se");
    expect(await team.findSession(token)).toBeNull();
  });

  it("keeps every action with who and when, finds a conversation's word, and erases the history with the person", async () => {
    const { id } = await store.addMessage(
      {
        kind: "lead",
        template: "template_lead",
        receivedAt: NOW,
        params: { from_name: "Åsa", from_email: "asa@example.se", conversation: "Du: Har ni kardemummabullar?" },
      },
      { channels: [] },
    );
    expect((await store.listMessages({ text: "kardemumma" })).items.map((m) => m.id)).toEqual([id]);
    await team.addEvent(id, { id: "admin", name: "Administratör" }, "note", { text: "Ring" });
    await team.addEvents([id], { id: "x", name: "Per" }, "export", { format: "csv" });
    await store.updateMessage(id, { owner: { id: "x", name: "Per" }, state: "answered" });
    expect((await team.eventsOf(id)).map((e) => [e.actorName, e.action])).toEqual([
      ["Administratör", "note"],
      ["Per", "export"],
    ]);
    expect(await store.getMessage(id)).toMatchObject({ ownerId: "x", ownerName: "Per", state: "answered" });
    expect((await store.exportPerson("asa@example.se"))[0].history).toHaveLength(2);
    await store.erasePerson("asa@example.se");
    expect(await team.eventsOf(id)).toEqual([]);
  });

  it("keeps a message's history in the order it happened, also within one millisecond", async () => {
    const frozen = createSalesTeam(store, { now });
    const { id } = await store.addMessage(
      { kind: "contact", template: "template_contact", receivedAt: NOW, params: { from_name: "Bo" } },
      { channels: [] },
    );
    const steps = Array.from({ length: 12 }, (_, i) => `steg ${i}`);
    for (const text of steps) await frozen.addEvent(id, { id: "admin", name: "Administratör" }, "note", { text });
    expect((await frozen.eventsOf(id)).map((e) => e.detail?.text)).toEqual(steps);
  });
});
