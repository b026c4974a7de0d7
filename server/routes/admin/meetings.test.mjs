// @vitest-environment node
// The operator's meetings: behind the session; the days ahead with each lead and conversation; a
// cancellation whose message reaches the visitor's mail; a no-show; the CSV.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.mjs";
import { createNotifications } from "../../adapters/notify/index.mjs";
import { createStoreMeetings } from "../../adapters/store/meetings.mjs";
import { openStore } from "../../adapters/store/index.mjs";
import { bookingConfig } from "../../booking/config.mjs";
import { bookingForms as forms } from "../../testing/booking-forms.mjs";
import { startOfSuite, stockholmDate, swedishLabel, workday } from "../../testing/clock.mjs";
import { fromAddress, sameSite, tempDir } from "../../testing/helpers.mjs";
import { mailParts, startSmtp } from "../../testing/receivers.mjs";
import { createBookingDelivery } from "../../booking/delivery.mjs";
import { SESSION_COOKIE } from "./admin.mjs";
import { MEETING_API_ROUTES } from "./meetings.mjs";
import { hashPassword } from "./password.mjs";

const PASSWORD = "ett långt lösenord för möten";
// The suite's frozen now: 09:00 in Stockholm on the next working day; the two meetings are on the
// working day after it, at 10:00 and 11:00.
const opening = workday(startOfSuite(), 1, "09:00");
const now = () => opening;
const meetingDay = workday(opening, 1, "10:00");
const date = stockholmDate(meetingDay);
const until = async (check, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("the operator's meetings", () => {
  let app;
  let store;
  let smtp;
  let notifications;
  let cookie;
  beforeAll(async () => {
    smtp = await startSmtp();
    const dir = await tempDir();
    notifications = createNotifications({
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
            zone: "Europe/Stockholm",
            organizerEmail: "salj@nordlysai.se",
            now,
          }),
      ],
    });
    store = openStore({ dir, log: () => {}, notificationChannels: notifications.channels, now });
    notifications.start(store);
    app = createApp({
      root: dir,
      inboxDir: dir,
      forms,
      inbox: { store, notifications, quiet: true },
      booking: { config: bookingConfig({ BOOKING_ADDRESS_LIMIT: "10" }), calendar: null, now },
      now,
      admin: { passwordHash: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }), log: () => {} },
    });
    const res = await call("POST", "/api/admin/login", { body: { password: PASSWORD } });
    cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "")?.[1];
    for (const [time, email] of [
      ["10:00", "anna@example.se"],
      ["11:00", "bo@example.se"],
    ]) {
      const held = await (
        await call("POST", "/api/booking/hold", {
          body: { start: workday(opening, 1, time).toISOString() },
        })
      ).json();
      const r = await call("POST", "/api/booking/confirm", {
        body: {
          holdId: held.holdId,
          template_id: "template_lead",
          template_params: {
            from_name: email.split("@")[0],
            from_email: email,
            company: "AB",
            conversation: "Du: kan vi ses?",
          },
        },
      });
      expect(r.status).toBe(200);
    }
    await until(() => smtp.mails.filter((m) => m.raw.includes("text/calendar")).length === 2);
  }, 30_000);
  afterAll(async () => {
    await notifications.stop();
    await store.close();
    await smtp.close();
  });

  function call(method, path, { body, session } = {}) {
    return app.request(
      path,
      {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        headers: {
          ...sameSite,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
        },
      },
      fromAddress("192.0.2.7"),
    );
  }

  it("refuses every meetings route without a session", async () => {
    for (const [method, path] of MEETING_API_ROUTES) {
      const res = await call(method, path, method === "POST" ? { body: {} } : {});
      expect([path, res.status]).toEqual([path, 401]);
    }
  });

  it("lists the meetings ahead by day, each with its lead and conversation", async () => {
    const { days } = await (await call("GET", "/api/admin/meetings", { session: cookie })).json();
    expect(days.map((d) => d.label)).toEqual([swedishLabel(meetingDay).replace(/ kl\. 10:00$/, "")]);
    expect(days[0].meetings.map((m) => [m.time, m.state, m.lead.from_email, m.lead.conversation])).toEqual([
      ["10:00", "booked", "anna@example.se", "Du: kan vi ses?"],
      ["11:00", "booked", "bo@example.se", "Du: kan vi ses?"],
    ]);
  });

  it("cancels with a message the visitor gets in the cancellation, and marks a no-show", async () => {
    const { days } = await (await call("GET", "/api/admin/meetings", { session: cookie })).json();
    const [anna, bo] = days[0].meetings;
    const res = await call("POST", `/api/admin/meetings/${anna.id}/cancel`, {
      session: cookie,
      body: { message: "Vi är sjuka, välkommen att boka en ny tid." },
    });
    expect(await res.json()).toEqual({ state: "cancelled" });
    await until(() => smtp.mails.some((m) => m.to.includes("anna@example.se") && m.raw.includes("method=CANCEL")));
    const mail = smtp.mails.find((m) => m.to.includes("anna@example.se") && m.raw.includes("method=CANCEL"));
    expect(mailParts(mail.raw).find((p) => p.type === "text/plain").text).toContain(
      "Meddelande från oss: Vi är sjuka, välkommen att boka en ny tid.",
    );
    expect((await call("POST", `/api/admin/meetings/${anna.id}/cancel`, { session: cookie, body: {} })).status).toBe(
      404,
    );
    expect(
      await (
        await call("POST", `/api/admin/meetings/${bo.id}/no-show`, { session: cookie, body: { noShow: true } })
      ).json(),
    ).toEqual({
      noShow: true,
    });
    const csv = await (await call("GET", "/api/admin/meetings.csv", { session: cookie })).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^"Datum";"Tid";"Status";"Uteblev"/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^"${date}";"10:00";"avbokat";"";"video";"chat";"anna";"anna@example\\.se"`)),
      expect.stringMatching(new RegExp(`^"${date}";"11:00";"bokat";"ja";"video";"chat";"bo";"bo@example\\.se"`)),
    ]);
  });
});
