// The pure rules of the store: a message as a row and back, the search text, an e-mail's key.

export const KINDS = ["contact", "get-started", "lead", "samtal"];
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

const str = (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** What `listMessages({ text })` matches against: the fields a salesperson looks a lead up by. */
export function searchText(row, params) {
  return [
    row.name,
    row.email,
    row.company,
    row.phone,
    row.service,
    row.subject,
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

/** The sender's fields from the record when it names them (a call has no form), else from the params. @param {{ kind: string,
 *   template?: string, params: Record<string, string>, receivedAt: string | Date, page?: string, suspectedSpam?: boolean, callId?: string, toolCallId?: string,
 *   noJs?: boolean, name?: string, email?: string, phone?: string, company?: string, service?: string, subject?: string, callSummary?: string }} record @param {string} id */
export function messageRow(record, id) {
  if (!KINDS.includes(record.kind)) throw new TypeError(`Unknown message kind: ${String(record.kind)}`);
  const params = record.params ?? {};
  const receivedAt = isoTime(record.receivedAt);
  if (!receivedAt) throw new TypeError("A message needs a valid receivedAt");
  const row = {
    id,
    kind: record.kind,
    template: record.template ?? null,
    received_at: receivedAt,
    name: str(record.name) ?? str(params.from_name),
    email: str(record.email) ?? str(params.from_email),
    phone: str(record.phone) ?? str(params.phone),
    company: str(record.company) ?? str(params.company),
    service: str(record.service) ?? str(params.selected_service),
    page: str(record.page),
    subject: str(record.subject) ?? str(params.subject),
    params: JSON.stringify(params),
    suspected_spam: (record.suspectedSpam ?? looksSuspected(params)) ? 1 : 0,
    no_js: record.noJs ? 1 : 0,
    state: "open",
    note: null,
    call_id: str(record.callId),
    tool_call_id: str(record.toolCallId),
    call_summary: str(record.callSummary),
  };
  return { ...row, email_key: row.email ? emailKey(row.email) : null, search: searchText(row, params) };
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
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    service: row.service,
    page: row.page,
    subject: row.subject,
    params: JSON.parse(row.params),
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
