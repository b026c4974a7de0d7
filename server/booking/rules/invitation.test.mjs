import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { invitationIcs } from "./invitation.mjs";

const invite = {
  method: /** @type {const} */ ("REQUEST"),
  uid: "3f1c7a52-0c1e-4b8e-9d3e-2f7a1e0b9c44@meeting",
  sequence: 0,
  start: "2026-12-03T09:00:00.000Z",
  end: "2026-12-03T09:15:00.000Z",
  stamp: new Date("2026-11-28T10:00:00Z"),
  summary: "Kostnadsfritt 15-minutersmöte med Nordlys AI",
  description: "Vi ringer dig.\nAvboka: https://nordlysai.se/bokning?t=abc",
  organizer: { name: "Nordlys AI", email: "salj@nordlysai.se" },
  attendee: { name: "Anna Berg", email: "anna@example.se" },
};

const parse = (text) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent");
  return { calendar, event };
};

describe("the invitation", () => {
  it("parses back with its method, UID, sequence and UTC start and end", () => {
    const text = invitationIcs(invite);
    const { calendar, event } = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.getFirstPropertyValue("uid")).toBe(invite.uid);
    expect(event.getFirstPropertyValue("sequence")).toBe(0);
    const start = event.getFirstPropertyValue("dtstart");
    expect(start.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(start.toJSDate().toISOString()).toBe("2026-12-03T09:00:00.000Z");
    expect(event.getFirstPropertyValue("dtend").toJSDate().toISOString()).toBe("2026-12-03T09:15:00.000Z");
    expect(event.getFirstPropertyValue("organizer")).toMatch(/^mailto:salj@nordlysai\.se$/i);
    expect(event.getFirstPropertyValue("attendee")).toMatch(/^mailto:anna@example\.se$/i);
    expect(event.getFirstPropertyValue("summary")).toBe(invite.summary);
    expect(event.getFirstPropertyValue("description")).toBe(invite.description);
    expect(text).not.toMatch(/TZID/);
    expect(text).toMatch(/\r\nDTSTART:20261203T090000Z\r\n/);
  });

  it("cancels with METHOD:CANCEL, the same UID and the next sequence", () => {
    const { calendar, event } = parse(invitationIcs({ ...invite, method: "CANCEL", sequence: 1 }));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.getFirstPropertyValue("uid")).toBe(invite.uid);
    expect(event.getFirstPropertyValue("sequence")).toBe(1);
    expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("keeps a name inside its CN: no quote, backslash or line break adds a parameter or an address", () => {
    const name = 'Anna" ;ROLE=CHAIR;X-EVIL="1":mailto:boss@evil.example\\\r\nVIKTIGT: betala';
    const text = invitationIcs({ ...invite, attendee: { name, email: "anna@example.se" } });
    const attendees = parse(text).event.getAllProperties("attendee");
    expect(attendees).toHaveLength(1);
    const [, params, , value] = attendees[0].toJSON();
    expect(params).toEqual({
      role: "REQ-PARTICIPANT",
      partstat: "ACCEPTED",
      cn: "Anna' ;ROLE=CHAIR;X-EVIL='1':mailto:boss@evil.example VIKTIGT: betala",
    });
    expect(value).toMatch(/^mailto:anna@example\.se$/i);
    expect(text).not.toMatch(/\r\nVIKTIGT/);
  });
});
