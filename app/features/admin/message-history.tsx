import { adminCopy as copy } from "~/content/admin";
import type { FullMessage, HistoryEvent } from "./admin-api";
import { formatTime } from "./format";

function what(e: HistoryEvent): string {
  const name = copy.message.events[e.action] ?? e.action;
  if (e.action === "assigned") return `${name} ${copy.message.assignedTo(e.detail?.ownerName ?? null)}`;
  if (e.action === "export") return `${name} (${e.detail?.format === "csv" ? "CSV" : "JSON"})`;
  return name;
}

/** Who did what, and when: every action on the message since it came. */
export function MessageHistory({ message }: { message: FullMessage }) {
  return (
    <section aria-labelledby="adm-history-heading" className="adm-stack adm-full">
      <h3 id="adm-history-heading" className="adm-h3">
        {copy.message.history}
      </h3>
      <ol className="adm-history">
        <li>
          <span className="adm-muted">{formatTime(message.receivedAt)}</span> {copy.message.events.received}
        </li>
        {message.history.map((e) => (
          <li key={e.id}>
            <span className="adm-muted">{formatTime(e.at)}</span> {what(e)} {copy.message.by(e.actorName)}
            {e.action === "reply" && e.detail?.text ? <q className="adm-quote">{e.detail.text}</q> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
