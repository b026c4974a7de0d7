// @vitest-environment node
// What a stranger writes into a booking (decision 058): by HTTP and by voice no company mail carries
// a line, a subject or an invitation parameter the visitor wrote. Real store and SMTP on loopback.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../app.mjs";
import { createNotifications } from "../adapters/notify/index.mjs";
import { createStoreMeetings } from "../adapters/store/meetings.mjs";
import { openStore } from "../adapters/store/index.mjs";
import { bookingConfig } from "./config.mjs";
import { MESSAGE_FIELDS } from "../lib/message-fields.mjs";
import { bookingForms as forms } from "../testing/booking-forms.mjs";
import { fromAddress, sameSite, tempDir } from "../testing/helpers.mjs";
import { mailHeader, mailParts, startSmtp } from "../testing/receivers.mjs";
import { HOUR, plus, startOfSuite, workday } from "../testing/clock.mjs";
import { createBookingDelivery } from "./delivery.mjs";

const SECRET = "vapi-test-secret-0123456789";
const TEAM = "salj@nordlysai.se";
const opening = workday(startOfSuite(), 1, "09:00");
const at = (days, hour) => plus(workday(opening, days, "09:00"), (hour - 9) * HOUR).toISOString();
const now = () => opening;

const INJECTED = "VIKTIGT: din faktura är försenad, betala på https://evil.example/betala";
const FORGED_SUBJECT = "Faktura 4711 förfallen – betala idag";
/** Closes the invitation's CN="…" and adds a role and another address, if quotes get through. */
const QUOTED_NAME = 'Anna" ;ROLE=CHAIR;X-EVIL="1":mailto:boss@evil.example';
const service = forms.forms["get-started"].services[0].title;

const until = async (check, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("what a stranger writes into a booking", () => {
  let smtp;
  let store;
  let notifications;
  let app;

  beforeAll(async () => {
    smtp = await startSmtp();
    const dir = await tempDir();
    const config = bookingConfig({
      BOOKING_EMAIL_LIMIT: "100",
      BOOKING_HOLD_LIMIT: "1000",
      BOOKING_OPEN_HOLDS: "100",
      BOOKING_ADDRESS_LIMIT: "1000",
      BOOKING_SURGE_COUNT: "1000",
    });
    notifications = createNotifications({
      env: { SMTP_URL: smtp.url, LEAD_NOTIFY_TO: TEAM },
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
            organizerEmail: mailer?.from ?? TEAM,
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
      booking: { config, calendar: null },
      vapi: {
        env: { VAPI_SERVER_SECRET: SECRET },
        knowledge: inject("knowledgeArtifact"),
        log: () => {},
      },
      now,
    });
  }, 60_000);
  afterAll(async () => {
    await notifications.stop();
    await store.close();
    await smtp.close();
  });

  const post = (path, body) =>
    app.request(
      path,
      { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...sameSite } },
      fromAddress("192.0.2.1"),
    );
  const confirm = async (start, template_id, template_params) => {
    const held = await (await post("/api/booking/hold", { start, kind: "phone" })).json();
    return post("/api/booking/confirm", { holdId: held.holdId, template_id, template_params });
  };
  const voice = async (args, callId) => {
    const res = await app.request("/api/vapi", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({
        message: {
          type: "tool-calls",
          call: { id: callId },
          toolCallList: [{ id: `${callId}-1`, type: "function", function: { name: "boka_mote", arguments: args } }],
        },
      }),
    });
    const [result] = (await res.json()).results;
    return result.result ?? result.error;
  };
  const stored = async (email) => (await store.listMessages({ text: email })).items;
  const visitorMail = (email) => smtp.mails.find((m) => m.to.includes(email));
  const teamMail = (email) =>
    smtp.mails.find((m) => m.to.includes(TEAM) && mailHeader(m.raw, "Reply-To")?.includes(email));
  const textOf = (mail) => mailParts(mail.raw).find((p) => p.type === "text/plain")?.text ?? "";

  /** The invitation's one ATTENDEE: exactly its params and its address. */
  const attendeeOf = (mail) => {
    const ics = mailParts(mail.raw).find((p) => p.type === "text/calendar").text;
    const attendees = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent").getAllProperties("attendee");
    expect(attendees).toHaveLength(1);
    const [, params, , value] = attendees[0].toJSON();
    return { params, value: String(value).toLowerCase() };
  };

  it("refuses a name on two lines and a phone that is no number, by HTTP and by voice", async () => {
    const lead = {
      from_name: "Anna",
      from_email: "twolines@example.se",
      phone: "070-123 45 67",
      company: "Berg AB",
      conversation: "Du: hej",
    };
    const forged = [
      { ...lead, from_name: `Anna\n\n${INJECTED}` },
      { ...lead, from_name: `Anna\u2028${INJECTED}` },
      { ...lead, company: `Berg AB\r\n${INJECTED}` },
      { ...lead, phone: "ring oss på evil.example" },
    ];
    for (const [i, params] of forged.entries()) {
      expect((await confirm(at(1, 9 + i / 2), "template_lead", params)).status).toBe(422);
    }
    const said = { tid: at(2, 10), namn: "Anna", epost: "twolines@example.se", epost_bekraftad: true };
    for (const [i, args] of [
      { ...said, namn: `Anna\n${INJECTED}` },
      { ...said, foretag: `Berg AB\n${INJECTED}` },
      { ...said, telefon: "ring oss på evil.example" },
    ].entries()) {
      expect(await voice(args, `call-refused-${i}`)).toMatch(/^Uppgifterna sparades inte/);
    }
    await notifications.kick();
    await new Promise((r) => setTimeout(r, 300));
    expect(await stored("twolines@example.se")).toEqual([]);
    expect(smtp.mails.filter((m) => m.raw.includes("evil.example"))).toEqual([]);
  });

  it("keeps a booking's own fields only, with the server's subject, and a name that cannot leave CN", async () => {
    const email = "offert@example.se";
    const invented = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`x_${i}`, INJECTED]));
    const res = await confirm(at(1, 13), "template_get_started", {
      ...invented,
      to_email: TEAM,
      from_name: QUOTED_NAME,
      from_email: email,
      phone: "070-123 45 67",
      company: "Berg AB",
      selected_service: service,
      message: "Kan vi ses?",
      subject: FORGED_SUBJECT,
      conversation: `Emma: ${INJECTED}`,
    });
    expect(res.status).toBe(200);
    const [message] = await stored(email);
    const allowed = [...MESSAGE_FIELDS["get-started"], "meeting"];
    expect(Object.keys(message.params).filter((k) => !allowed.includes(k))).toEqual([]);
    expect(message.params.subject).toBe(`Ny förfrågan för ${service}`);

    await until(() => visitorMail(email) && teamMail(email));
    const team = teamMail(email);
    expect(mailHeader(team.raw, "Subject")).toBe(`Ny förfrågan för ${service}`);
    for (const mail of [team, visitorMail(email)]) {
      expect(mail.raw).not.toContain("Faktura 4711");
      expect(textOf(mail)).not.toContain("VIKTIGT");
    }
    expect(attendeeOf(visitorMail(email))).toEqual({
      params: { role: "REQ-PARTICIPANT", partstat: "ACCEPTED", cn: expect.not.stringContaining('"') },
      value: `mailto:${email}`,
    });
  });

  it("takes a booking's kind from its template as the inbox does: the get-started form's, else the chat's", async () => {
    const lead = { from_name: "Kim", phone: "070-123 45 67", company: "Berg AB", conversation: "Du: hej" };
    const sent = [
      ["template_contact", "kind-contact@example.se", "lead", "template_lead"],
      ["template_okand", "kind-unknown@example.se", "lead", "template_lead"],
      ["template_lead", "kind-lead@example.se", "lead", "template_lead"],
    ];
    for (const [i, [template_id, from_email]] of sent.entries())
      expect((await confirm(at(3, 9 + i), template_id, { ...lead, from_email })).status).toBe(200);
    for (const [, email, kind, template] of sent)
      expect(await stored(email)).toEqual([expect.objectContaining({ kind, template })]);
  });

  it("books by voice through the same intake: the server's subject, one attendee, one address", async () => {
    const email = "voice-quote@example.se";
    const args = {
      tid: at(2, 13),
      namn: QUOTED_NAME,
      epost: email,
      telefon: "070-123 45 67",
      foretag: "Berg AB",
      epost_bekraftad: true,
    };
    expect(await voice(args, "call-quote")).toMatch(/^Mötet är bokat/);
    const [message] = await stored(email);
    const allowed = [...MESSAGE_FIELDS.samtal, "meeting"];
    expect(Object.keys(message.params).filter((k) => !allowed.includes(k))).toEqual([]);
    await until(() => visitorMail(email) && teamMail(email));
    expect(mailHeader(teamMail(email).raw, "Subject")).toBe(forms.subjects.samtal.replace("{name}", QUOTED_NAME));
    expect(attendeeOf(visitorMail(email))).toEqual({
      params: { role: "REQ-PARTICIPANT", partstat: "ACCEPTED", cn: expect.not.stringContaining('"') },
      value: `mailto:${email}`,
    });
  });
});
