// The pure parts of `npm run inbox`, on records shaped as the file inbox kept them.
import { kindOfTemplate } from "#common/message-kinds.mjs";
import { escapeUnsafe } from "./log-safe.mjs";

/** A param by name, only if the record has it itself (`constructor` is not Object's). */
export const param = (record, name) =>
  Object.hasOwn(record.template_params, name) ? record.template_params[name] : undefined;

export function kindOf(record, templates) {
  return kindOfTemplate(record.template_id, templates) ?? String(record.template_id);
}

/** Marked by the client as sent faster than a person types (older records by a subject prefix). */
export function isSuspectedSpam(record) {
  return (
    param(record, "suspected_spam") === "ja" || String(param(record, "subject") ?? "").startsWith("[Misstänkt spam]")
  );
}

export const forTerminal = escapeUnsafe;

const cut = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));

function localTime(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "?" : d.toLocaleString("sv-SE", { dateStyle: "short", timeStyle: "short" });
}

/** Numbered for `show`. @param {any[]} records newest first */
export function formatList(records, templates, { limit = 20 } = {}) {
  const shown = records.slice(0, limit);
  const lines = [
    `${"#".padStart(4)}  ${cut("time", 16)}  ${cut("kind", 11)}  ${cut("name", 22)}  ${cut("e-mail", 28)}  subject`,
  ];
  shown.forEach((r, i) => {
    const p = (name) => param(r, name) ?? "";
    const mark = [isSuspectedSpam(r) ? "SPAM?" : "", r.via === "no-js" ? "no-js" : ""].filter(Boolean).join(" ");
    lines.push(
      `${String(i + 1).padStart(4)}  ${cut(localTime(r.receivedAt), 16)}  ${cut(kindOf(r, templates), 11)}  ` +
        `${cut(forTerminal(p("from_name")), 22)}  ${cut(forTerminal(p("from_email")), 28)}  ` +
        `${forTerminal(p("subject")).slice(0, 80)}${mark ? `  [${mark}]` : ""}`,
    );
  });
  if (records.length > shown.length) lines.push(`… ${records.length - shown.length} older (--all to list every one)`);
  if (records.length === 0) lines.push("(no messages)");
  return lines.join("\n");
}

export function formatMessage(record, templates) {
  const head = [
    `kind:             ${kindOf(record, templates)}${record.via ? ` (via ${record.via})` : ""}`,
    `received:         ${record.receivedAt} (${localTime(record.receivedAt)})`,
    `template:         ${forTerminal(record.template_id)}`,
    ...(isSuspectedSpam(record) ? ["spam:             suspected (sent faster than a person fills the form)"] : []),
  ];
  const params = Object.entries(record.template_params)
    .filter(([k]) => k !== "conversation" && k !== "message")
    .map(([k, v]) => `${`${forTerminal(k)}:`.padEnd(18)}${forTerminal(v)}`);
  const blocks = [head.join("\n"), params.join("\n")];
  for (const name of ["message", "conversation"]) {
    const text = param(record, name);
    if (text) blocks.push(`${name}:\n${forTerminal(text, { keepLines: true })}`);
  }
  return blocks.join("\n\n");
}
