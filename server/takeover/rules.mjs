// The takeover's pure rules (decision 074): when the team answers, whom to ask first, what a line may hold,
// and the transcript as the inbox and the visitor's mail show it.
import { DateTime } from "luxon";
import { meetingHours } from "#common/meeting-hours.mjs";
import { holidayCheck } from "../booking/rules/slots.mjs";

export const MAX_LINE = 1000;
export const MAX_TRANSCRIPT = 50;
export const WAIT_SECONDS = 60;
export const ENDED_SHOWN_MS = 60 * 60_000;
export const TYPING_MS = 2000;

/** At most one "typing" a conversation per `ms` from one side: true when this one may be sent.
 * Keeps the last 10,000 conversations' times. @param {number} ms @param {() => number} clock */
export function typingGate(ms = TYPING_MS, clock = () => performance.now()) {
  const last = new Map();
  return (/** @type {string} */ key) => {
    const at = clock();
    if (at - (last.get(key) ?? -Infinity) < ms) return false;
    last.delete(key);
    last.set(key, at);
    if (last.size > 10_000) last.delete(last.keys().next().value);
    return true;
  };
}

/** Fallback words when the build has no forms.json (tests, a bare checkout); the build's are app/content/takeover-mail.ts. */
export const PLAIN_COPY = {
  speakers: { visitor: "Besökare", emma: "Emma", agent: "{name}", system: "Nordlys AI" },
  anonymous: "Besökare i chatten",
  leadSubject: "Chatten ville prata med en säljare: {name}",
  reasons: { closed: "", nobody: "", missed: "", transcript: "" },
  transcript: { subject: "Ditt samtal med Nordlys AI", intro: "", outro: "" },
};

const fill = (template, values) => String(template).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

/** Text as a line keeps it: control characters out (a newline stays), trimmed; "empty" or "too-long" otherwise.
 * @param {unknown} value @returns {{ text: string } | { error: "empty" | "too-long" }} */
export function lineText(value, max = MAX_LINE) {
  if (typeof value !== "string") return { error: "empty" };
  const text = value
    .replace(/\r\n?/g, "\n")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
  if (!text) return { error: "empty" };
  if ([...text].length > max) return { error: "too-long" };
  return { text };
}

/** A short field the visitor gave (a name, an address): one line, bounded; null when empty. @param {unknown} value */
export const oneLine = (value, max = 200) =>
  typeof value === "string" ? (lineText(value.replace(/\n/g, " "), max)?.text?.slice(0, max) ?? null) : null;

/** The chat so far, as the browser sends it: at most 50 lines of the visitor's and Emma's.
 * @param {unknown} value @returns {{ lines: { author: "visitor" | "emma", text: string }[] } | { error: string }} */
export function transcriptOf(value) {
  if (value === undefined) return { lines: [] };
  if (!Array.isArray(value) || value.length > MAX_TRANSCRIPT) return { error: "transcript" };
  const lines = [];
  for (const item of value) {
    if (item?.author !== "visitor" && item?.author !== "emma") return { error: "transcript" };
    const checked = lineText(item.text, 4 * MAX_LINE);
    if ("text" in checked) lines.push({ author: item.author, text: checked.text });
  }
  return { lines };
}

/** Within the team's weekday hours in Stockholm and not a day off (the free meeting's hours, common/meeting-hours.mjs).
 * @param {Date} at @param {{ hours?: import("#common/meeting-hours.mjs").MeetingHours, isHoliday?: (date: string) => boolean }} [options] */
export function isOpen(at, { hours = meetingHours, isHoliday = holidayCheck(hours) } = {}) {
  const local = DateTime.fromJSDate(at, { zone: hours.zone });
  const ranges = hours.weekdays[/** @type {1|2|3|4|5|6|7} */ (local.weekday)];
  if (!ranges?.length || isHoliday(/** @type {string} */ (local.toISODate()))) return false;
  const minute = local.hour * 60 + local.minute;
  const clock = (/** @type {string} */ t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return ranges.some(([from, to]) => minute >= clock(from) && minute < clock(to));
}

/** The lead's owner when online, else the next online after the last asked (sorted ids, round robin); null when nobody.
 * @param {{ online: string[], ownerId?: string | null, lastAsked?: string | null }} who */
export function whomToAsk({ online, ownerId = null, lastAsked = null }) {
  if (online.length === 0) return null;
  if (ownerId && online.includes(ownerId)) return ownerId;
  const sorted = [...online].sort();
  return sorted.find((id) => id > (lastAsked ?? "")) ?? sorted[0];
}

/** "Besökare: …\nEmma: …", the inbox's and the mail's transcript.
 * @param {{ author: string, name?: string | null, text: string }[]} lines @param {typeof PLAIN_COPY} copy */
export function transcriptText(lines, copy = PLAIN_COPY) {
  const who = (line) =>
    line.author === "agent"
      ? fill(copy.speakers.agent, { name: line.name ?? "" })
      : (copy.speakers[line.author] ?? line.author);
  return lines
    .filter((l) => !/^\[form:\w+\]$/.test(l.text))
    .map((l) => `${who(l)}: ${l.text}`)
    .join("\n");
}

/** The inbox message of a conversation nobody took (kind "conversation"), as store.addMessage takes it.
 * @param {{ lines: any[], reason: keyof typeof PLAIN_COPY.reasons, name?: string | null, email?: string | null,
 *   page?: string | null, at: Date, copy?: typeof PLAIN_COPY }} lead */
export function leadRecord({ lines, reason, name = null, email = null, page = null, at, copy = PLAIN_COPY }) {
  const fromName = name || copy.anonymous;
  const why = copy.reasons?.[reason];
  return {
    kind: "conversation",
    params: { message: [why, transcriptText(lines, copy)].filter(Boolean).join("\n\n") },
    receivedAt: at,
    page: page ?? undefined,
    from_name: fromName,
    from_email: email ?? "",
    subject: fill(copy.leadSubject, { name: fromName }),
  };
}

/** The transcript mailed to the visitor. @param {{ lines: any[], to: string, copy?: typeof PLAIN_COPY }} mail */
export function transcriptMail({ lines, to, copy = PLAIN_COPY }) {
  const t = copy.transcript;
  return {
    to,
    subject: t.subject,
    text: `${[t.intro, transcriptText(lines, copy), t.outro].filter(Boolean).join("\n\n")}\n`,
  };
}
