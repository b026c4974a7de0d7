// The pure parts of `npm run inbox` (scripts/inbox.mjs): the list, one message whole, CSV, of
// records shaped as the file inbox kept them (inbox-store-read.mjs makes them of the store's).

/** Which form a record came from, by its template id. */
export function kindOf(record, templates) {
  const found = Object.entries(templates).find(([, id]) => id === record.template_id);
  const kind = found ? { contact: "contact", getStarted: "get-started", lead: "lead" }[found[0]] : undefined;
  return kind ?? String(record.template_id);
}

/** Marked by the client (a param and a subject prefix) as sent faster than a person types. */
export function isSuspectedSpam(record) {
  const p = record.template_params;
  return p.suspected_spam === "ja" || String(p.subject ?? "").startsWith("[Misstänkt spam]");
}

/** Text from the inbox made safe for a terminal: control characters escaped, line breaks kept if asked. */
export function forTerminal(value, { keepLines = false } = {}) {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return String(value ?? "").replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (ch) =>
    keepLines && (ch === "\n" || ch === "\t") ? ch : `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const cut = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));

function localTime(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "?" : d.toLocaleString("sv-SE", { dateStyle: "short", timeStyle: "short" });
}

/**
 * The list: one line per message, newest first, numbered for `show`.
 * @param {any[]} records newest first
 */
export function formatList(records, templates, { limit = 20 } = {}) {
  const shown = records.slice(0, limit);
  const lines = [
    `${"#".padStart(4)}  ${cut("time", 16)}  ${cut("kind", 11)}  ${cut("name", 22)}  ${cut("e-mail", 28)}  subject`,
  ];
  shown.forEach((r, i) => {
    const p = r.template_params;
    const mark = [isSuspectedSpam(r) ? "SPAM?" : "", r.via === "no-js" ? "no-js" : ""].filter(Boolean).join(" ");
    lines.push(
      `${String(i + 1).padStart(4)}  ${cut(localTime(r.receivedAt), 16)}  ${cut(kindOf(r, templates), 11)}  ` +
        `${cut(forTerminal(p.from_name ?? ""), 22)}  ${cut(forTerminal(p.from_email ?? ""), 28)}  ` +
        `${forTerminal(p.subject ?? "").slice(0, 80)}${mark ? `  [${mark}]` : ""}`,
    );
  });
  if (records.length > shown.length) lines.push(`… ${records.length - shown.length} older (--all to list every one)`);
  if (records.length === 0) lines.push("(no messages)");
  return lines.join("\n");
}

/** One message whole: every param, the conversation of a lead last and as it was written. */
export function formatMessage(record, templates) {
  const p = record.template_params;
  const head = [
    `kind:             ${kindOf(record, templates)}${record.via ? ` (via ${record.via})` : ""}`,
    `received:         ${record.receivedAt} (${localTime(record.receivedAt)})`,
    `template:         ${forTerminal(record.template_id)}`,
    ...(isSuspectedSpam(record) ? ["spam:             suspected (sent faster than a person fills the form)"] : []),
  ];
  const params = Object.entries(p)
    .filter(([k]) => k !== "conversation" && k !== "message")
    .map(([k, v]) => `${`${forTerminal(k)}:`.padEnd(18)}${forTerminal(v)}`);
  const blocks = [head.join("\n"), params.join("\n")];
  if (p.message) blocks.push(`message:\n${forTerminal(p.message, { keepLines: true })}`);
  if (p.conversation) blocks.push(`conversation:\n${forTerminal(p.conversation, { keepLines: true })}`);
  return blocks.join("\n\n");
}

const FIRST_COLUMNS = ["from_name", "from_email", "company", "phone", "selected_service", "subject", "message"];

/** A CSV field; text a spreadsheet would run as a formula gets a leading apostrophe. */
function csvField(value) {
  let s = String(value ?? "");
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Every message as CSV (RFC 4180, CRLF), oldest first: time, kind, via, spam mark, then every
 * param that occurs (the usual ones first, the conversation last).
 * @param {any[]} records newest first
 */
export function toCsv(records, templates) {
  const keys = new Set();
  for (const r of records) for (const k of Object.keys(r.template_params)) keys.add(k);
  // suspected_spam has its own column, from the param or the subject's prefix.
  const rest = [...keys]
    .filter((k) => !FIRST_COLUMNS.includes(k) && k !== "conversation" && k !== "suspected_spam")
    .sort();
  const columns = [...FIRST_COLUMNS, ...rest, ...(keys.has("conversation") ? ["conversation"] : [])];
  const header = ["received_at", "kind", "via", "suspected_spam", ...columns];
  const rows = [...records]
    .reverse()
    .map((r) => [
      r.receivedAt,
      kindOf(r, templates),
      r.via ?? "",
      isSuspectedSpam(r) ? "ja" : "",
      ...columns.map((k) => r.template_params[k] ?? ""),
    ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
