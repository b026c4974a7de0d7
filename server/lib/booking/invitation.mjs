// The visitor's calendar invitation (issue 45): METHOD:REQUEST for a booking or a move,
// METHOD:CANCEL with the next SEQUENCE for a cancellation, one stable UID, times in UTC
// (no TZID that a client without its VTIMEZONE would misread: decision 047).
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/**
 * `method` null and `attendee` null: the event as a CalDAV calendar stores it.
 * @param {{ method: "REQUEST" | "CANCEL" | null, uid: string, sequence: number, start: Date | string,
 *   end: Date | string, stamp: Date, summary: string, description: string, location?: string,
 *   url?: string, organizer: { name: string, email: string }, attendee: { name: string, email: string } | null }} invite
 * @returns {string} the .ics text
 */
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
    ...(invite.attendee ? { organizer: invite.organizer } : {}),
    attendees: invite.attendee
      ? [
          {
            ...invite.attendee,
            role: ICalAttendeeRole.REQ,
            status: invite.method === "CANCEL" ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
          },
        ]
      : [],
  });
  return calendar.toString();
}
