// @vitest-environment node
// A stranger sweeping the free meeting's times (issue 51, finding 1): from eight addresses, from
// one IPv6 /64, and one mailbox written with plus-tags, each against the default limits.
import { describe, expect, it } from "vitest";
import { meetingHours } from "#common/meeting-hours.mjs";
import { createApp } from "../../app.mjs";
import { openStore } from "../../adapters/store/index.mjs";
import { bookingConfig } from "../../lib/booking/config.mjs";
import { openSlots } from "../../lib/booking/slots.mjs";
import { bookingForms as forms } from "../../testing/booking-forms.mjs";
import { startOfSuite, workday } from "../../testing/clock.mjs";
import { fromAddress, sameSite, tempDir } from "../../testing/helpers.mjs";

const opening = workday(startOfSuite(), 1, "09:00");
const now = () => opening;
// Every time the next two weeks offer (no calendar: all of them are free).
const free = openSlots(meetingHours, { now: opening }).map((s) => new Date(s.start).toISOString());

const lead = (email) => ({
  from_name: "Kim Svep",
  from_email: email,
  phone: "070-123 45 67",
  company: "Svep AB",
});

async function site() {
  const dir = await tempDir();
  const store = openStore({ dir, log: () => {}, now });
  const app = createApp({
    root: dir,
    inboxDir: dir,
    forms,
    inbox: { store, quiet: true },
    booking: { config: bookingConfig({}), calendar: null },
    now,
  });
  const post = (path, body, address) =>
    app.request(
      path,
      { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...sameSite } },
      fromAddress(address),
    );
  /** Tries every free time from each address in turn until the address is refused; how many it booked. */
  async function sweep(addresses, emailOf = (n) => `svep.${n}@example.se`) {
    let booked = 0;
    let n = 0;
    const left = [...addresses];
    for (const start of free) {
      while (left.length) {
        const address = /** @type {string} */ (left[n % left.length]);
        const held = await post("/api/booking/hold", { start }, address);
        const body = {
          holdId: (await held.json()).holdId,
          template_id: "template_lead",
          template_params: lead(emailOf(n)),
        };
        const confirmed = held.status === 200 ? await post("/api/booking/confirm", body, address) : held;
        n++;
        if (confirmed.status === 200) {
          booked++;
          break;
        }
        if (confirmed.status === 429) left.splice(left.indexOf(address), 1);
        else break;
      }
    }
    await store.close();
    return booked;
  }
  return { sweep };
}

describe("a sweep of the free times", () => {
  it("from eight addresses takes at most a tenth of the next two weeks' times", async () => {
    expect(free.length).toBeGreaterThan(100);
    const addresses = Array.from({ length: 8 }, (_, i) => `198.51.100.${i + 1}`);
    const booked = await (await site()).sweep(addresses);
    expect(booked).toBeGreaterThan(0);
    expect(booked).toBeLessThanOrEqual(Math.floor(free.length / 10));
  }, 60_000);

  it("from one IPv6 /64 counts as one address", async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `2001:db8:7:7::${(i + 1).toString(16)}`);
    expect(await (await site()).sweep(addresses)).toBe(1);
  }, 60_000);

  it("counts one mailbox however its address is written: plus-tags and case", async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `203.0.113.${i + 1}`);
    const spellings = ["kim@example.se", "Kim+1@Example.se", "kim+svep@example.se", "KIM+2@EXAMPLE.SE"];
    const booked = await (await site()).sweep(addresses, (n) => spellings[n % spellings.length]);
    expect(booked).toBe(bookingConfig({}).upcomingPerEmail);
  }, 60_000);
});
