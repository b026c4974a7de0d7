// The pure rules of the store: a message as a row and back, the search text, an e-mail's key.
import { MESSAGE_FIELDS, SPAM_MARK } from "../../lib/message-fields.mjs";

export const KINDS = ["contact", "get-started", "lead", "samtal", "conversation"];
export const STATES = ["open", "answered", "handled"];

/** How an e-mail address is matched for access and erasure: trimmed, lowercased. */
export const emailKey = (email) =>
  String(email ?? "")
    .trim()
    .toLowerCase();

/** A timestamp as the store keeps it: ISO 8601 in UTC, so text order is time order. */
export function isoTime(value) {
  const d = value instanceof Date ? value : new Date(String(value ?? ""));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A field as the team reads it: trimmed, or null when empty. */
export const trimmed = (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** The sender's fields, by the spec's payload names: a column each, kept once, not in the params (decision 066). */
export const SENDER_FIELDS = ["from_name", "from_email", "phone", "company", "selected_service", "subject"];

/** What `listMessages({ text })` matches against: the fields a salesperson looks a lead up by. */
export function searchText(row, params) {
  return [
    ...["from_name", "from_email", "company", "phone", "selected_service", "subject"].map((f) => trimmed(row[f])),
    params.message,
    params.conversation,
    row.note,
    row.call_summary,
  ]
    .filter(Boolean)
    .join("\n")
    .toLowerCase();
}

/** Marked by the client (a param, or the subject's prefix of older clients) as sent too fast. */
export function looksSuspected(params) {
  return params.suspected_spam === "ja" || String(params.subject ?? "").startsWith("[Misstänkt spam]");
}

/** A sender's field on the record (a call has no form) is the payload's. @param {{ kind: string, template?: string,
 *   params: Record<string, string>, receivedAt: string | Date, page?: string, suspectedSpam?: boolean, callId?: string, toolCallId?: string,
 *   noJs?: boolean, from_name?: string, from_email?: string, phone?: string, company?: string, selected_service?: string, subject?: string, callSummary?: string }} record @param {string} id */
export function messageRow(record, id) {
  if (!KINDS.includes(record.kind)) throw new TypeError(`Unknown message kind: ${String(record.kind)}`);
  const payload = { ...record.params };
  for (const f of SENDER_FIELDS) if (typeof record[f] === "string") payload[f] = record[f];
  const receivedAt = isoTime(record.receivedAt);
  if (!receivedAt) throw new TypeError("A message needs a valid receivedAt");
  const sender = (f) => (typeof payload[f] === "string" ? payload[f] : null);
  const params = Object.fromEntries(
    Object.entries(payload).filter(([k]) => !SENDER_FIELDS.includes(k) || sender(k) === null),
  );
  const row = {
    id,
    kind: record.kind,
    template: record.template ?? null,
    received_at: receivedAt,
    ...Object.fromEntries(SENDER_FIELDS.map((f) => [f, sender(f)])),
    page: trimmed(record.page),
    params: JSON.stringify(params),
    suspected_spam: (record.suspectedSpam ?? looksSuspected(payload)) ? 1 : 0,
    no_js: record.noJs ? 1 : 0,
    state: "open",
    note: null,
    call_id: trimmed(record.callId),
    tool_call_id: trimmed(record.toolCallId),
    call_summary: trimmed(record.callSummary),
  };
  const email = trimmed(row.from_email);
  return { ...row, email_key: email ? emailKey(email) : null, search: searchText(row, params) };
}

/** The payload as it came: the params with the sender's columns back where the intake puts them (message-fields.mjs),
 * before any param the server adds after it (a booking's `meeting`). */
export function payloadOf(row) {
  const rest = JSON.parse(row.params);
  const known = [...(MESSAGE_FIELDS[row.kind] ?? []), ...SENDER_FIELDS].filter((f) => f !== "subject");
  const order = ["to_email", ...new Set(known), SPAM_MARK.param, "subject"];
  const waiting = SENDER_FIELDS.filter((f) => typeof row[f] === "string" && !Object.hasOwn(rest, f));
  waiting.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  /** @type {Record<string, string>} */
  const payload = {};
  const putBefore = (rank) => {
    while (waiting.length && order.indexOf(waiting[0]) < rank) {
      const field = /** @type {string} */ (waiting.shift());
      payload[field] = row[field];
    }
  };
  for (const [key, value] of Object.entries(rest)) {
    putBefore(order.includes(key) ? order.indexOf(key) : Infinity);
    payload[key] = value;
  }
  putBefore(Infinity);
  return payload;
}

/** A notification's summary for a message: none, or the least delivered of its channels. */
export function notificationSummary(rows) {
  if (rows.length === 0) return null;
  const attempts = Math.max(...rows.map((r) => Number(r.attempts)));
  const state = rows.some((r) => r.state === "failed")
    ? "failed"
    : rows.every((r) => r.state === "delivered")
      ? "delivered"
      : "pending";
  return { state, attempts };
}

export function messageItem(row, notificationRows = []) {
  return {
    id: row.id,
    kind: row.kind,
    template: row.template,
    receivedAt: row.received_at,
    from_name: trimmed(row.from_name),
    from_email: trimmed(row.from_email),
    phone: trimmed(row.phone),
    company: trimmed(row.company),
    selected_service: trimmed(row.selected_service),
    page: row.page,
    subject: trimmed(row.subject),
    params: payloadOf(row),
    suspectedSpam: Boolean(Number(row.suspected_spam)),
    noJs: Boolean(Number(row.no_js)),
    state: row.state,
    note: row.note,
    callId: row.call_id,
    toolCallId: row.tool_call_id ?? null,
    callSummary: row.call_summary,
    ownerId: row.owner_id ?? null,
    ownerName: row.owner_name ?? null,
    notification: notificationSummary(notificationRows),
  };
}

export function eventItem(row) {
  return {
    id: row.id,
    messageId: row.message_id,
    at: row.at,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    detail: row.detail ? JSON.parse(row.detail) : null,
  };
}

export function notificationItem(row) {
  return {
    id: row.id,
    messageId: row.message_id,
    channel: row.channel,
    idempotencyKey: row.idempotency_key,
    state: row.state,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
    payload: row.payload ? JSON.parse(row.payload) : null,
  };
}

/** A LIKE pattern that finds `text` anywhere, with the pattern's own characters escaped by `\`. */
export const containsPattern = (text) =>
  `%${String(text)
    .toLowerCase()
    .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Messages received before it are deleted. @param {Date} now @param {number} days */
export const retentionCutoff = (now, days) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
