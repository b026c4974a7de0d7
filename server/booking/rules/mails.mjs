// The free meeting's mails and the team's event, from the meeting's state when sent (pure: copy is forms.json's).
import { isEmail } from "#common/email-address.mjs";
import { displayEmail } from "../../lib/email-display.mjs";
import { invitationIcs } from "./invitation.mjs";
import { swedishWhen } from "./swedish-time.mjs";

const fill = (/** @type {string} */ template, /** @type {Record<string, string>} */ values) =>
  template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

/** @typedef {{ id: string, uid: string, start: string, end: string, sequence: number, kind: string, state: string, cancelNote?: string | null }} MeetingLike
 * @typedef {{ from_name?: string | null, from_email?: string | null, phone?: string | null, company?: string | null,
 *   params?: Record<string, string> }} LeadLike */

/** All but the reminder carry the invitation. @param {"confirm" | "update" | "reminder" | "cancel"} what
 * @param {{ meeting: MeetingLike, lead: LeadLike, copy: any, link: string, organizer: { name: string, email: string }, zone: string, now: Date, location?: string | null }} context */
export function visitorMail(what, { meeting, lead, copy, link, organizer, zone, now, location }) {
  const m = copy.mail;
  const when = swedishWhen(meeting.start, zone);
  const values = {
    when,
    company: copy.company,
    name: lead.from_name ?? "",
    link,
    phone: lead.phone ?? "",
    note: meeting.cancelNote ?? "",
  };
  const body = { confirm: m.confirmBody, update: m.updateBody, reminder: m.reminderBody, cancel: m.cancelBody }[what];
  const subject = {
    confirm: m.confirmSubject,
    update: m.updateSubject,
    reminder: m.reminderSubject,
    cancel: m.cancelSubject,
  }[what];
  const lines = [fill(m.greeting, values), "", fill(body, values)];
  if (what === "cancel") {
    if (meeting.cancelNote) lines.push("", fill(m.cancelNote, values));
  } else {
    lines.push(
      "",
      meeting.kind === "phone" && lead.phone ? fill(m.callLine, values) : m.videoLine,
      "",
      fill(m.manage, values),
    );
  }
  if (what !== "reminder") lines.push("", m.invitation);
  lines.push("", m.signature);
  const ics =
    what === "reminder"
      ? undefined
      : {
          method: what === "cancel" ? "CANCEL" : "REQUEST",
          content: invitationIcs({
            method: what === "cancel" ? "CANCEL" : "REQUEST",
            uid: meeting.uid,
            sequence: meeting.sequence,
            start: meeting.start,
            end: meeting.end,
            stamp: now,
            summary: m.summary,
            description: fill(m.eventDescription, values),
            location: location ?? undefined,
            url: link,
            organizer,
            attendee: { name: lead.from_name ?? "", email: /** @type {string} */ (lead.from_email) },
          }),
        };
  return {
    to: /** @type {string} */ (lead.from_email),
    subject: fill(subject, values),
    text: `${lines.join("\n")}\n`,
    ics,
  };
}

/** The team's event: no METHOD and no attendee, so the team's CalDAV server sends the visitor nothing of its own.
 * @param {{ meeting: MeetingLike, lead: LeadLike, copy: any, organizer: { name: string, email: string }, now: Date }} context */
export function teamEvent({ meeting, lead, copy, organizer, now }) {
  const p = lead.params ?? {};
  const who = [lead.from_name, lead.company].filter(Boolean).join(", ");
  const description = [
    displayEmail(lead.from_email ?? ""),
    lead.phone,
    meeting.kind === "phone" ? copy.mail.callLine.replace("{phone}", lead.phone ?? "") : "",
    p.message,
  ]
    .filter(Boolean)
    .join("\n");
  return invitationIcs({
    method: null,
    uid: meeting.uid,
    sequence: meeting.sequence,
    start: meeting.start,
    end: meeting.end,
    stamp: now,
    summary: `${copy.mail.salesLine}: ${who}`,
    description,
    organizer,
    attendee: null,
  });
}

/** The sales team's mail of a visitor's cancellation or move on the manage page; its Reply-To is the visitor.
 * @param {{ change: "cancel" | "move", from: string, to: string }} change the times, ISO @param {{ meeting: MeetingLike, lead: LeadLike, copy: any, zone: string }} context */
export function teamChangeMail({ change, from, to }, { meeting, lead, copy, zone }) {
  const t = copy.mail.team;
  const values = { name: lead.from_name ?? "", when: swedishWhen(to, zone), old: swedishWhen(from, zone) };
  const cancelled = change === "cancel";
  const lines = [fill(cancelled ? t.cancelBody : t.moveBody, values), ""];
  if (cancelled) lines.push(fill(t.cancelledTime, values));
  else lines.push(fill(t.newTime, values), fill(t.oldTime, values));
  lines.push("");
  const contact = {
    from_name: lead.from_name,
    company: lead.company,
    from_email: displayEmail(lead.from_email ?? ""),
    phone: lead.phone,
  };
  for (const [key, value] of Object.entries(contact)) if (value) lines.push(`${t.labels[key]}: ${value}`);
  if (meeting.kind === "phone") lines.push(t.callBack);
  return {
    subject: fill(cancelled ? t.cancelSubject : t.moveSubject, values),
    text: `${lines.join("\n")}\n`,
    ...(lead.from_email && isEmail(lead.from_email) ? { replyTo: lead.from_email.trim() } : {}),
  };
}

/** The sales team's one mail of a surge (decision 062).
 * @param {{ count: number, since: string, at: string, held: boolean, minutes: number, limit: number }} surge @param {{ copy: any }} context */
export function surgeMail({ count, since, at, held, minutes, limit }, { copy }) {
  const t = copy.mail.team;
  const span = Math.max(1, Math.ceil((Date.parse(at) - Date.parse(since)) / 60_000));
  const values = {
    count: String(count),
    span: span === 1 ? t.minute : fill(t.minutes, { n: String(span) }),
    limit: String(limit),
    minutes: String(minutes),
    link: `${String(copy.siteUrl).replace(/\/$/, "")}/admin/moten`,
  };
  const lines = [fill(t.surgeBody, values), "", held ? t.surgeHeld : t.surgeOpen, "", fill(t.surgeLink, values)];
  lines.push("", fill(t.surgeOnce, values));
  return { subject: fill(t.surgeSubject, values), text: `${lines.join("\n")}\n` };
}
