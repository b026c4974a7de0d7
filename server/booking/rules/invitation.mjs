// The visitor's calendar invitation, as Outlook and the rest accept it: times in UTC, no TZID (decision 047).
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

// A name goes into a quoted parameter (CN="…") that ical-generator does not escape for RFC 5545:
// a quote would end it and let the rest add parameters and addresses; control characters end the line.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_IN_CN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]+/gu;
const cn = (/** @type {string} */ name) => name.replace(/"/g, "'").replace(NOT_IN_CN, " ").replace(/\s+/g, " ").trim();

/** `method` and `attendee` null: the event as a CalDAV calendar stores it. @returns {string} the .ics text
 * @param {{ method: "REQUEST" | "CANCEL" | null, uid: string, sequence: number, start: Date | string, end: Date | string, stamp: Date, summary: string,
 *   description: string, location?: string, url?: string, organizer: { name: string, email: string }, attendee: { name: string, email: string } | null }} invite */
export function invitationIcs(invite) {
  const calendar = ical({
    prodId: { company: invite.organizer.name, product: "moten", language: "SV" },
    ...(invite.method
      ? { method: invite.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST }
      : {}),
  });
  calendar.createEvent({
    id: invite.uid,
    sequence: invite.sequence,
    start: new Date(invite.start),
    end: new Date(invite.end),
    stamp: invite.stamp,
    summary: invite.summary,
    description: invite.description,
    ...(invite.location ? { location: invite.location } : {}),
    ...(invite.url ? { url: invite.url } : {}),
    status: invite.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(invite.attendee ? { organizer: { ...invite.organizer, name: cn(invite.organizer.name) } } : {}),
    attendees: invite.attendee
      ? [
          {
            email: invite.attendee.email,
            name: cn(invite.attendee.name),
            role: ICalAttendeeRole.REQ,
            status: invite.method === "CANCEL" ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
          },
        ]
      : [],
  });
  return calendar.toString();
}
