// @vitest-environment node
// A sweep of the free times (decisions 061, 062) from eight addresses, one IPv6 /64 and one mailbox
// with plus-tags against the default limits, and the invitations it gets mailed, with and without approval.
import { describe, expect, it } from "vitest";
import { meetingHours } from "#common/meeting-hours.mjs";
import { createApp } from "../app.mjs";
import { createNotifications } from "../adapters/notify/index.mjs";
import { createStoreMeetings } from "../adapters/store/meetings.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { bookingConfig } from "./config.mjs";
import { openSlots } from "./rules/slots.mjs";
import { bookingForms as forms } from "../testing/booking-forms.mjs";
import { startOfSuite, workday } from "../testing/clock.mjs";
import { fromAddress, sameSite, tempDir } from "../testing/helpers.mjs";
import { mailParts, startSmtp } from "../testing/receivers.mjs";
import { createBookingDelivery } from "./delivery.mjs";

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

/** The site with the default limits; with `smtp`, it mails as `npm start` does with SMTP_URL. */
async function site({ smtp, env = {} } = /** @type {{ smtp?: any, env?: Record<string, string> }} */ ({})) {
  const dir = await tempDir();
  const config = bookingConfig(env);
  const notifications = smtp
    ? /** @type {any} */ (
        createNotifications({
          env: { SMTP_URL: smtp.url, LEAD_NOTIFY_TO: "salj@nordlysai.se" },
          forms,
          log: () => {},
          deliveries: [
            (s, mailer) =>
              createBookingDelivery({
                meetings: createStoreMeetings(s, { now }),
                mailer,
                calendar: null,
                copy: forms.booking,
                zone: config.hours.zone,
                organizerEmail: "salj@nordlysai.se",
                now,
              }),
          ],
        })
      )
    : null;
  const store = openStore({ dir, log: () => {}, now, notificationChannels: notifications?.channels ?? [] });
  notifications?.start(store);
  const app = createApp({
    root: dir,
    inboxDir: dir,
    forms,
    inbox: { store, quiet: true, ...(notifications ? { notifications } : {}) },
    booking: { config, calendar: null },
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
    return booked;
  }
  /** Invitations mailed to the sweep's addresses once every due mail is sent (reminders wait). */
  async function invitations() {
    const end = Date.now() + 10_000;
    while ((await store.pendingNotifications()).some((n) => !n.channel.startsWith("booking:reminder"))) {
      if (Date.now() > end) throw new Error("mails still due");
      await new Promise((r) => setTimeout(r, 20));
    }
    return smtp.mails.filter(
      (m) => m.to.some((to) => to.startsWith("svep.")) && mailParts(m.raw).some((p) => p.type === "text/calendar"),
    ).length;
  }
  async function close() {
    await notifications?.stop();
    await store.close();
  }
  return { sweep, invitations, close };
}

describe("a sweep of the free times", () => {
  it("from eight addresses takes at most a tenth of the next two weeks' times", async () => {
    expect(free.length).toBeGreaterThan(100);
    const addresses = Array.from({ length: 8 }, (_, i) => `198.51.100.${i + 1}`);
    const swept = await site();
    const booked = await swept.sweep(addresses);
    await swept.close();
    expect(booked).toBeGreaterThan(0);
    expect(booked).toBeLessThanOrEqual(Math.floor(free.length / 10));
  }, 60_000);

  it("from one IPv6 /64 counts as one address", async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `2001:db8:7:7::${(i + 1).toString(16)}`);
    const swept = await site();
    expect(await swept.sweep(addresses)).toBe(1);
    await swept.close();
  }, 60_000);

  it("counts one mailbox however its address is written: plus-tags and case", async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `203.0.113.${i + 1}`);
    const spellings = ["kim@example.se", "Kim+1@Example.se", "kim+svep@example.se", "KIM+2@EXAMPLE.SE"];
    const swept = await site();
    const booked = await swept.sweep(addresses, (n) => spellings[n % spellings.length]);
    await swept.close();
    expect(booked).toBe(bookingConfig({}).upcomingPerEmail);
  }, 60_000);

  it("from eight addresses mails invitations to three of its addresses at the default, none with approval on", async () => {
    const smtp = await startSmtp();
    const addresses = Array.from({ length: 8 }, (_, i) => `198.51.100.${i + 1}`);
    const sent = {};
    try {
      for (const mode of ["off", "surge", "on"]) {
        const swept = await site({ smtp, env: { BOOKING_APPROVAL: mode } });
        expect(await swept.sweep(addresses)).toBe(8);
        sent[mode] = await swept.invitations();
        smtp.mails.length = 0;
        await swept.close();
      }
    } finally {
      await smtp.close();
    }
    // The first BOOKING_SURGE_COUNT - 1 come before the surge is seen; from the fourth on they wait.
    expect(sent).toEqual({ off: 8, surge: bookingConfig({}).surgeCount - 1, on: 0 });
  }, 60_000);
});
