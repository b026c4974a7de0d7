// The free meeting's queue rows ("booking:<what>:<sequence>"), each rendered from the meeting's state when
// due: a row a later change made stale (a moved meeting's reminder) is dropped, a sent one never sent again.
import { surgeMail, teamChangeMail, teamEvent, visitorMail } from "./rules/mails.mjs";
import { systemClock } from "../lib/clock.mjs";

/** @param {{ meetings: any, mailer: { sendTo: Function, send?: Function, from?: string } | null, calendar: any, copy: any,
 *   zone: string, location?: string | null, organizerEmail: string, now?: () => Date }} options */
export function createBookingDelivery({
  meetings,
  mailer,
  calendar,
  copy,
  zone,
  location,
  organizerEmail,
  now = systemClock,
}) {
  const organizer = { name: copy.company, email: organizerEmail };
  const link = (token) => `${String(copy.siteUrl).replace(/\/$/, "")}/bokning?t=${token}`;
  const done = { ok: true };

  return {
    /** The channels' common start: the worker's loop for them claims by it. */
    prefix: "booking:",

    /** @param {{ id: string, channel: string, messageId: string, idempotencyKey: string, payload?: any }} row @param {any} lead */
    async deliver(row, lead) {
      const [, what, seq] = row.channel.split(":");
      const meeting = await meetings.ofMessage(row.messageId);
      if (!meeting) return done;
      const current = Number(seq) === meeting.sequence;
      if (what === "calendar") {
        if (!current || !calendar) return done;
        const result =
          meeting.state === "cancelled"
            ? await calendar.remove(meeting.id)
            : await calendar.put(meeting.id, teamEvent({ meeting, lead, copy, organizer, now: now() }));
        return result;
      }
      // A visitor's change, for the sales team: what it was is in the row, never stale.
      if (what === "team") {
        if (!mailer?.send || !row.payload) return done;
        return mailer.send(teamChangeMail(row.payload, { meeting, lead, copy, zone }), row.idempotencyKey);
      }
      // Bookings faster than usual, for the sales team: what was counted is in the row.
      if (what === "surge") {
        if (!mailer?.send || !row.payload) return done;
        return mailer.send(surgeMail(row.payload, { copy }), row.idempotencyKey);
      }
      if (!mailer || !lead.from_email) return done;
      const stale =
        what === "cancel"
          ? meeting.state !== "cancelled"
          : !current ||
            meeting.state !== "booked" ||
            (what === "reminder" && Date.parse(meeting.start) <= now().getTime());
      if (stale) return done;
      const mail = visitorMail(/** @type {any} */ (what), {
        meeting,
        lead,
        copy,
        link: link(await meetings.token(meeting.id)),
        organizer,
        zone,
        now: now(),
        location,
      });
      return mailer.sendTo(mail, row.idempotencyKey);
    },
  };
}
