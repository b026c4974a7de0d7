// @vitest-environment node
// Emma's two call tools for the free meeting (POST /api/vapi): free times read the Swedish way,
// at most three; a booking only after the e-mail was read back; each answer on one line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeArtifact } from "~/content/knowledge";
import { createApp } from "../../app.mjs";
import { openStore } from "../../adapters/store/index.mjs";
import { bookingConfig } from "../../lib/booking/config.mjs";
import { bookingForms as forms } from "../../testing/booking-forms.mjs";
import { tempDir } from "../../testing/helpers.mjs";

const SECRET = "vapi-test-secret-0123456789";
// Thursday 26 November 2026, 09:00 in Stockholm.
const now = () => new Date("2026-11-26T08:00:00Z");
const knowledge = knowledgeArtifact();

describe("the free meeting by voice", () => {
  let app;
  let store;
  beforeAll(async () => {
    const dir = await tempDir();
    store = openStore({ dir, log: () => {} });
    app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, quiet: true },
      booking: { config: bookingConfig({}), calendar: null, now },
      vapi: { env: { VAPI_SERVER_SECRET: SECRET }, knowledge, log: () => {}, now },
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

  it("gives at most three free times, read the Swedish way, each with the time to book it by", async () => {
    const line = await call("lediga_motestider", {});
    expect(line).toBe(
      "Lediga tider: torsdag den 26 november klockan ett [2026-11-26T12:00:00.000Z], " +
        "torsdag den 26 november klockan halv två [2026-11-26T12:30:00.000Z], " +
        "torsdag den 26 november klockan två [2026-11-26T13:00:00.000Z]. Fråga vilken tid som passar.",
    );
    const later = await call("lediga_motestider", { efter: "2026-11-26T13:00:00.000Z" });
    expect(later).toMatch(/^Lediga tider: torsdag den 26 november klockan halv tre \[2026-11-26T13:30:00\.000Z\]/);
    expect(later.match(/\[/g)).toHaveLength(3);
  });

  it("reads the e-mail back before booking, then books once however often the call is sent", async () => {
    const args = {
      tid: "2026-11-27T09:00:00.000Z",
      namn: "Anna Berg",
      epost: "anna.berg@example.se",
      foretag: "Berg AB",
    };
    expect(await call("boka_mote", args)).toBe(
      "Läs upp e-postadressen anna punkt berg snabel-a example punkt se bokstav för bokstav och fråga om den stämmer innan du bokar.",
    );
    expect((await store.listMessages()).total).toBe(0);
    const confirmed = { ...args, epost_bekraftad: true };
    const first = await call("boka_mote", confirmed, { id: "tc-2" });
    expect(first).toBe(
      "Mötet är bokat fredag den 27 november klockan tio. En bekräftelse skickas till anna.berg@example.se.",
    );
    expect(await call("boka_mote", confirmed, { id: "tc-2" })).toBe(first);
    const { items } = await store.listMessages();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: "samtal", callId: "call-45", email: "anna.berg@example.se" });
    expect(items[0].params.meeting).toBe("fredag 27 november kl. 10:00");
    // Another caller gets no time that is taken, and a time that is not free is refused.
    expect(await call("boka_mote", { ...confirmed, epost: "b@example.se" }, { callId: "call-other" })).toBe(
      "Den tiden finns inte bland de lediga tiderna. Hämta tiderna med lediga_motestider.",
    );
  });

  it("refuses details that do not pass the lead form's rules", async () => {
    const line = await call("boka_mote", {
      tid: "2026-11-27T10:00:00.000Z",
      namn: "",
      epost: "x",
      epost_bekraftad: true,
    });
    expect(line).toMatch(/^Uppgifterna sparades inte:/);
  });
});
