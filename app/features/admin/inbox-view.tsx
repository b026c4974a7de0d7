import { useEffect, useState, type FormEvent } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { adminCopy as copy } from "~/content/admin";
import { adminApi, type AdminResult, type Filters, type ListItem } from "./admin-api";
import { Unavailable } from "./unavailable";
import { formatTime } from "./format";
import { MessageView } from "./message-view";

export const PAGE_SIZE = 25;
type OnFailure = (result: Extract<AdminResult<unknown>, { ok: false }>) => void;

/** The inbox: newest first, filters by kind, state and text, pages of 25, CSV of the filtered list. */
export function InboxView({ onFailure }: { onFailure: OnFailure }) {
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<{ total: number; items: ListItem[] } | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (openId !== null) return;
    let live = true;
    void adminApi.list(filters, PAGE_SIZE, offset).then((result) => {
      if (!live) return;
      setUnavailable(!result.ok && result.error === "unavailable");
      if (result.ok) setList(result.data);
      else onFailure(result);
    });
    return () => {
      live = false;
    };
  }, [filters, offset, openId, attempt, onFailure]);

  if (openId !== null) return <MessageView id={openId} onBack={() => setOpenId(null)} onFailure={onFailure} />;

  const onFilter = (e: FormEvent) => {
    e.preventDefault();
    setOffset(0);
    setFilters({ ...draft, text: draft.text?.trim() || undefined });
  };
  const filtered = Boolean(filters.kind || filters.state || filters.text);
  const pages = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  const page = Math.floor(offset / PAGE_SIZE) + 1;

  return (
    <section aria-labelledby="adm-inbox-heading">
      <h2 id="adm-inbox-heading" className="adm-h2">
        {copy.inbox.heading}
      </h2>
      <form onSubmit={onFilter} className="adm-filters" aria-label={copy.inbox.filters}>
        <label className="adm-label">
          {copy.inbox.kind}
          <select
            className="adm-control"
            value={draft.kind ?? ""}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value || undefined })}
          >
            <option value="">{copy.inbox.any}</option>
            {Object.entries(copy.kinds).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-label">
          {copy.inbox.state}
          <select
            className="adm-control"
            value={draft.state ?? ""}
            onChange={(e) => setDraft({ ...draft, state: e.target.value || undefined })}
          >
            <option value="">{copy.inbox.any}</option>
            {Object.entries(copy.states).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-label adm-grow">
          {copy.inbox.text}
          <input
            type="search"
            className="adm-control"
            value={draft.text ?? ""}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          />
        </label>
        <Button type="submit" size="sm">
          {copy.inbox.apply}
        </Button>
        <a href={adminApi.csvHref(filters)} download className={buttonClass("secondary", "sm")}>
          {copy.inbox.csv}
        </a>
      </form>

      {unavailable ? <Unavailable onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {list && !unavailable ? (
        <>
          <p role="status" className="adm-muted">
            {list.total === 0
              ? filtered
                ? copy.inbox.emptyFiltered
                : copy.inbox.empty
              : copy.inbox.count(`${offset + 1}–${offset + list.items.length}`, list.total)}
          </p>
          {list.items.length > 0 ? <MessageTable items={list.items} onOpen={setOpenId} /> : null}
          {pages > 1 ? (
            <nav aria-label={copy.inbox.pageOf(page, pages)} className="adm-paging">
              <Button
                variant="secondary"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
              >
                {copy.inbox.previous}
              </Button>
              <span>{copy.inbox.pageOf(page, pages)}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setOffset(offset + PAGE_SIZE)}
              >
                {copy.inbox.next}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function MessageTable({ items, onOpen }: { items: ListItem[]; onOpen: (id: string) => void }) {
  const c = copy.inbox.columns;
  return (
    <div className="adm-scroll">
      <table className="adm-table">
        <caption className="sr-only">{copy.inbox.caption}</caption>
        <thead>
          <tr>
            {[c.kind, c.time, c.name, c.company, c.service, c.page, c.notification, c.state].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} data-state={m.state}>
              <td>
                {copy.kinds[m.kind] ?? m.kind}
                {m.suspectedSpam ? <span className="adm-spam"> {copy.inbox.spam}</span> : null}
              </td>
              <td>{formatTime(m.receivedAt)}</td>
              <td>
                <button type="button" className="adm-link" onClick={() => onOpen(m.id)}>
                  {m.name || m.email || copy.inbox.open}
                </button>
              </td>
              <td>{m.company}</td>
              <td>{m.service}</td>
              <td>{m.page}</td>
              <td>{m.notification ? (copy.notifications[m.notification] ?? m.notification) : "–"}</td>
              <td>{copy.states[m.state]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
