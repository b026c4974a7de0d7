// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { LEAD_RETENTION_MONTHS } from "#common/retention.mjs";
import { privacyPolicy } from "../../../app/content/legal";
import { DAY, plus, startOfSuite } from "../../testing/clock.mjs";
import { tempDir } from "../../testing/helpers.mjs";
import { createTestDatabase } from "../../testing/postgres.mjs";
import { openStore } from "./index.mjs";
import { retentionCutoff } from "./records.mjs";
import { LEAD_RETENTION_DAYS, retentionDaysFromEnv, startRetention } from "./retention.mjs";

afterEach(() => vi.useRealTimers());

// The suite's frozen now.
const NOW = startOfSuite();

describe("retention", () => {
  it("defaults to what the privacy policy says, never longer", () => {
    const policy = JSON.stringify(privacyPolicy);
    expect(policy).toContain(`högst ${LEAD_RETENTION_MONTHS} månader`);
    expect(LEAD_RETENTION_DAYS).toBe(730);
    expect(retentionDaysFromEnv({})).toBe(730);
    expect(retentionDaysFromEnv({ INBOX_RETENTION_DAYS: "90" })).toBe(90);
    for (const bad of ["", "0", "-3", "ett år"]) expect(retentionDaysFromEnv({ INBOX_RETENTION_DAYS: bad })).toBe(730);
    // A pure rule with its now given: 730 days back is the same date two years earlier, no 29 Feb between.
    expect(retentionCutoff(new Date("2026-11-26T00:00:00Z"), 730).toISOString()).toBe("2024-11-26T00:00:00.000Z");
  });

  it("deletes at start and then once a day; a failed sweep is tried again sooner", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(NOW);
    const cutoffs = [];
    let fail = false;
    const store = {
      deleteOlderThan: async (date) => {
        cutoffs.push(date.toISOString());
        if (fail) throw new Error("database away");
        return 2;
      },
    };
    const logs = [];
    const retention = startRetention(store, { days: 30, log: (l) => logs.push(l) });
    await retention.first;
    expect(cutoffs).toEqual([plus(NOW, -30 * DAY).toISOString()]);
    expect(logs).toEqual(["store: retention: deleted 2 message(s) older than 30 days"]);
    fail = true;
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(cutoffs).toHaveLength(2);
    expect(logs[1]).toMatch(/could not delete old messages \(database away\); trying again later/);
    fail = false;
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(cutoffs).toHaveLength(3);
    retention.stop();
    await vi.advanceTimersByTimeAsync(48 * 60 * 60 * 1000);
    expect(cutoffs).toHaveLength(3);
  });

  it("removes from the store what is older than the period, and only that", async () => {
    const now = () => NOW;
    const store = openStore({ dir: await tempDir(), log: () => {}, now });
    const at = (daysAgo) => plus(NOW, -daysAgo * DAY);
    for (const daysAgo of [731, 729, 1]) {
      await store.addMessage({ kind: "contact", params: { from_email: `d${daysAgo}@x.se` }, receivedAt: at(daysAgo) });
    }
    const retention = startRetention(store, { days: LEAD_RETENTION_DAYS, log: () => {}, now });
    await retention.first;
    retention.stop();
    expect((await store.listMessages()).items.map((m) => m.from_email)).toEqual(["d1@x.se", "d729@x.se"]);
    await store.close();
  });

  it("sweeps once when two instances on one PostgreSQL database wake at once, and again once a round later", async () => {
    const db = await createTestDatabase("t46j");
    const dir = await tempDir();
    const stores = [1, 2].map(() => openStore({ databaseUrl: db.url, dir, log: () => {} }));
    try {
      let sweeps = 0;
      let at = NOW;
      const start = (store) =>
        startRetention(
          { deleteOlderThan: async () => (sweeps++, 0) },
          { days: 30, log: () => {}, now: () => at, claim: store.claimJob },
        );
      let rounds = stores.map(start);
      await Promise.all(rounds.map((r) => r.first));
      for (const r of rounds) r.stop();
      expect(sweeps).toBe(1);
      at = plus(NOW, DAY + 1000);
      rounds = stores.map(start);
      await Promise.all(rounds.map((r) => r.first));
      for (const r of rounds) r.stop();
      expect(sweeps).toBe(2);
    } finally {
      for (const s of stores) await s.close();
      await db.drop();
    }
  }, 20_000);
});
