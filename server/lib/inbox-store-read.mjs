import { forTerminal } from "./inbox-read.mjs";

/** A message of the store in the shape inbox-read.mjs lists, shows and writes as CSV. */
export function recordOf(item) {
  return {
    receivedAt: item.receivedAt,
    via: item.noJs ? "no-js" : undefined,
    template_id: item.template ?? item.kind,
    template_params: { ...item.params, ...(item.suspectedSpam && { suspected_spam: "ja" }) },
  };
}

export function stateLines(item) {
  const n = item.notification;
  return [
    `state:            ${item.state}${item.note ? ` (note: ${forTerminal(item.note)})` : ""}`,
    ...(n ? [`notification:     ${n.state} after ${n.attempts} attempt(s)`] : []),
    ...(item.page ? [`page:             ${forTerminal(item.page)}`] : []),
  ];
}

/** @param {any[]} rows store.pendingNotifications(), oldest first */
export function formatPending(rows) {
  if (rows.length === 0) return "Every notification is delivered.";
  const lines = [`${rows.length} notification(s) not yet delivered:`];
  for (const r of rows) {
    const when = r.state === "failed" ? "gave up" : `next try ${r.nextAttemptAt}`;
    lines.push(
      `  ${r.message.receivedAt}  ${r.message.kind.padEnd(11)}  ${forTerminal(r.message.from_name ?? "?")
        .slice(0, 22)
        .padEnd(22)}  ` +
        `${r.channel.padEnd(8)}  ${r.state}, ${r.attempts} attempt(s), ${when}${r.lastError ? `: ${forTerminal(r.lastError).slice(0, 120)}` : ""}`,
    );
  }
  return lines.join("\n");
}

/** JSON a terminal shows as it is: line separators, bidi controls and C1 codes escaped too. */
export function personJson(items) {
  return JSON.stringify(items, null, 2).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
