import { isSuspectedSpam, toCsv } from "../../lib/inbox-read.mjs";
import { recordOf } from "../../lib/inbox-store-read.mjs";

export const MESSAGE_KINDS = ["contact", "get-started", "lead", "samtal"];
export const MESSAGE_STATES = ["open", "handled"];
/** Most messages one page of the list holds. */
export const MAX_PAGE_SIZE = 100;

/**
 * The list's filters from a query: kind and state from their lists, text at most 200 characters,
 * a page size of 1–100 and an offset.
 * @param {Record<string, string | undefined>} query
 */
export function listFilters(query) {
  const int = (v, min, max, fallback) => {
    const n = Number.parseInt(v ?? "", 10);
    return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
  };
  return {
    kind: MESSAGE_KINDS.includes(query.kind ?? "") ? query.kind : undefined,
    state: MESSAGE_STATES.includes(query.state ?? "") ? query.state : undefined,
    text: query.text?.trim() ? query.text.trim().slice(0, 200) : undefined,
    limit: int(query.limit, 1, MAX_PAGE_SIZE, 25),
    offset: int(query.offset, 0, 10_000_000, 0),
  };
}

const str = (v) => (typeof v === "string" ? v : "");

/** A store message as the list shows it: the columns, never the conversation. */
export function listItem(m) {
  const p = m.params ?? {};
  return {
    id: m.id,
    kind: m.kind,
    receivedAt: m.receivedAt instanceof Date ? m.receivedAt.toISOString() : String(m.receivedAt),
    name: str(m.name ?? p.from_name),
    email: str(m.email ?? p.from_email),
    company: str(m.company ?? p.company),
    service: str(m.service ?? p.selected_service),
    page: str(m.page),
    notification: m.notification?.state ?? null,
    suspectedSpam: Boolean(m.suspectedSpam) || isSuspectedSpam({ template_params: p }),
    state: m.state === "handled" ? "handled" : "open",
  };
}

/** One message whole: its list columns, every param (as text), the note and a call's summary. */
export function fullMessage(m) {
  return {
    ...listItem(m),
    params: Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, String(v ?? "")])),
    note: str(m.note),
    callSummary: str(m.callSummary),
    notificationAttempts: m.notification?.attempts ?? 0,
    noJs: Boolean(m.noJs),
  };
}

/** The store's messages as `npm run inbox -- csv` writes them: the same two functions. */
export const messagesCsv = (messages, templates) => toCsv(messages.map(recordOf), templates);
