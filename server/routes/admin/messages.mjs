import { csvLine } from "../../lib/csv.mjs";
import { isSuspectedSpam } from "../../lib/inbox-read.mjs";
import { displayEmail } from "../../lib/email-display.mjs";

export const MESSAGE_KINDS = ["contact", "get-started", "lead", "samtal", "conversation"];
export const MESSAGE_STATES = ["open", "answered", "handled"];
export const MAX_PAGE_SIZE = 100;
const LINE_CHARS = 140;

const str = (v) => (typeof v === "string" ? v : "");

/** @param {Record<string, string | undefined>} query @param {string[]} [owners] the ids an owner filter may name */
export function listFilters(query, owners = []) {
  const int = (v, min, max, fallback) => {
    const n = Number.parseInt(v ?? "", 10);
    return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
  };
  const owner = query.owner === "none" || owners.includes(query.owner ?? "") ? query.owner : undefined;
  return {
    kind: MESSAGE_KINDS.includes(query.kind ?? "") ? query.kind : undefined,
    state: MESSAGE_STATES.includes(query.state ?? "") ? query.state : undefined,
    owner,
    text: query.text?.trim() ? query.text.trim().slice(0, 200) : undefined,
    order: query.order === "asc" ? /** @type {const} */ ("asc") : /** @type {const} */ ("desc"),
    limit: int(query.limit, 1, MAX_PAGE_SIZE, 25),
    offset: int(query.offset, 0, 10_000_000, 0),
  };
}

/** A time on Stockholm's clock as the sales team reads it: `2026-11-20 11:00`. */
export function stockholmTime(value) {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return str(value);
  return d.toLocaleString("sv-SE", { timeZone: "Europe/Stockholm", dateStyle: "short", timeStyle: "short" });
}

/** The visitor's own words in one line: the message, else their first line to Emma. */
function lineOf(m) {
  const p = m.params ?? {};
  const text = str(p.message) || visitorLines(str(p.conversation))[0] || str(m.callSummary);
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS - 1)}…` : line;
}

/** What the visitor said in a conversation with Emma (`Du: …` lines, also `Du (talat): …`). */
export function visitorLines(conversation) {
  return conversation
    .split("\n")
    .map((l) => /^Du(?: \([^)]*\))?: (.*)$/.exec(l)?.[1]?.trim())
    .filter(Boolean);
}

const stateOf = (state) => (MESSAGE_STATES.includes(state) ? state : "open");

/** A store message as the list shows it: the columns, never the conversation. */
export function listItem(m, { since = null } = {}) {
  const p = m.params ?? {};
  const receivedAt = m.receivedAt instanceof Date ? m.receivedAt.toISOString() : String(m.receivedAt);
  const email = str(m.from_email ?? p.from_email);
  return {
    id: m.id,
    kind: m.kind,
    receivedAt,
    from_name: str(m.from_name ?? p.from_name),
    from_email: email,
    from_email_shown: displayEmail(email),
    company: str(m.company ?? p.company),
    selected_service: str(m.selected_service ?? p.selected_service),
    page: str(m.page),
    line: lineOf(m),
    notification: m.notification?.state ?? null,
    suspectedSpam: Boolean(m.suspectedSpam) || isSuspectedSpam({ template_params: p }),
    state: stateOf(m.state),
    owner: m.ownerId ? { id: m.ownerId, name: str(m.ownerName) } : null,
    isNew: Boolean(since) && receivedAt > since,
  };
}

/** The params a salesperson reads under their own labels; the rest are the form's machinery. */
const SHOWN_PARAMS = [
  "from_name",
  "from_email",
  "company",
  "phone",
  "selected_service",
  "subject",
  "message",
  "conversation",
  "source",
];
const HIDDEN_PARAMS = new Set(["to_email", "timestamp", "suspected_spam", "reply_to"]);

export function fullMessage(m, history = []) {
  const p = m.params ?? {};
  const other = Object.entries(p)
    .filter(([k]) => !SHOWN_PARAMS.includes(k) && !HIDDEN_PARAMS.has(k))
    .map(([k, v]) => [k, String(v ?? "")]);
  return {
    ...listItem(m),
    phone: str(m.phone ?? p.phone),
    subject: str(m.subject ?? p.subject),
    message: str(p.message),
    conversation: str(p.conversation),
    source: str(p.source),
    otherFields: Object.fromEntries(other),
    callSummary: str(m.callSummary),
    notificationAttempts: m.notification?.attempts ?? 0,
    noJs: Boolean(m.noJs),
    history,
  };
}

/** Fixed: never a column per field a sender invented (decision 040).
 * @typedef {{ columns: Record<string, string>, kinds: Record<string, string>, states: Record<string, string>, yes: string }} CsvCopy */
export const CSV_COLUMNS = [
  "receivedAt",
  "kind",
  "state",
  "owner",
  "from_name",
  "company",
  "from_email",
  "phone",
  "selected_service",
  "page",
  "subject",
  "message",
  "conversation",
  "callSummary",
  "notes",
  "suspectedSpam",
  "noJs",
];

/** The CSV's header line for Swedish Excel: a BOM, `;` between fields. @param {CsvCopy} copy */
export const csvHeader = (copy) =>
  `\uFEFF${csvLine(
    CSV_COLUMNS.map((c) => copy.columns[c] ?? c),
    ";",
  )}`;

/** Messages the CSV reads from the store at a time: its memory is bounded by one batch. */
export const CSV_BATCH = 200;

/** Oldest first, a batch of lines at a time after the header: the page streams it, `npm run inbox -- csv` writes it.
 * @param {{ store: any, team: { notesOf: (ids: any[]) => Promise<Map<string, any[]>> }, copy: CsvCopy,
 *   filters?: Record<string, unknown>, onBatch?: (items: any[]) => Promise<void> | void }} options */
export async function* csvBatches({ store, team, copy, filters = {}, onBatch }) {
  yield csvHeader(copy);
  for (let offset = 0; ;) {
    const { items } = await store.listMessages({ ...filters, order: "asc", limit: CSV_BATCH, offset });
    offset += items.length;
    const notes = await team.notesOf(items.map((m) => m.id));
    yield items.map((m) => csvRow(m, notes.get(String(m.id)) ?? [], copy)).join("");
    await onBatch?.(items);
    if (items.length < CSV_BATCH) return;
  }
}

/** @param {any} m a store message @param {{ at: string, actorName: string, detail: any }[]} notes @param {CsvCopy} copy */
export function csvRow(m, notes, copy) {
  const item = listItem(m);
  const p = m.params ?? {};
  const values = {
    receivedAt: stockholmTime(item.receivedAt),
    kind: copy.kinds[item.kind] ?? item.kind,
    state: copy.states[item.state] ?? item.state,
    owner: item.owner?.name ?? "",
    from_name: item.from_name,
    company: item.company,
    from_email: item.from_email_shown,
    phone: str(m.phone ?? p.phone),
    selected_service: item.selected_service,
    page: item.page,
    subject: str(m.subject ?? p.subject),
    message: str(p.message),
    conversation: str(p.conversation),
    callSummary: str(m.callSummary),
    notes: notes.map((n) => `${stockholmTime(n.at)} ${n.actorName}: ${str(n.detail?.text)}`).join("\n"),
    suspectedSpam: item.suspectedSpam ? copy.yes : "",
    noJs: m.noJs ? copy.yes : "",
  };
  return csvLine(
    CSV_COLUMNS.map((c) => values[c]),
    ";",
  );
}
