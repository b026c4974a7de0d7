import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { adminCopy as copy } from "~/content/admin";
import { adminApi, type Filters, type ListItem } from "./admin-api";
import { messagePath } from "./admin-paths";
import { formatTime } from "./format";
import { Unavailable } from "./unavailable";
import type { AdminViewProps } from "./view-props";

export const PAGE_SIZE = 25;
/** Typing waits this long before the list asks again. */
const TYPING_MS = 250;

/** The filters as the URL keeps them, so a reload, a link or the back button brings them back. */
const PARAMS = { kind: "typ", state: "status", owner: "ansvarig", text: "sok", order: "ordning" } as const;

function filtersOf(params: URLSearchParams): Filters {
  const order = params.get(PARAMS.order);
  return {
    kind: params.get(PARAMS.kind) || undefined,
    state: params.get(PARAMS.state) || undefined,
    owner: params.get(PARAMS.owner) || undefined,
    text: params.get(PARAMS.text)?.trim() || undefined,
    order: order === "asc" ? "asc" : undefined,
  };
}

/** The inbox: who, company, e-mail, kind, a line, when, status and owner; filters apply as you type. */
export function InboxView({ onFailure, team, latest }: AdminViewProps) {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number.parseInt(params.get("sida") ?? "1", 10) || 1);
  const offset = (page - 1) * PAGE_SIZE;
  const [text, setText] = useState(filters.text ?? "");
  const [list, setList] = useState<{ total: number; items: ListItem[] } | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [arrived, setArrived] = useState("");
  const known = useRef<Set<string> | null>(null);
  const key = JSON.stringify(filters);

  function update(change: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!("sida" in change)) next.delete("sida");
    setParams(next, { replace: true });
  }

  // The search box applies itself a moment after the last key.
  useEffect(() => {
    if ((filters.text ?? "") === text.trim()) return;
    const timer = setTimeout(() => update({ [PARAMS.text]: text.trim() || undefined }), TYPING_MS);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    let live = true;
    void adminApi.list(JSON.parse(key) as Filters, PAGE_SIZE, offset).then((result) => {
      if (!live) return;
      setUnavailable(!result.ok && result.error === "unavailable");
      if (!result.ok) return onFailure(result);
      const ids = result.data.items.map((m) => m.id);
      const fresh = known.current ? ids.filter((id) => !known.current!.has(id)).length : 0;
      if (fresh > 0) setArrived(copy.inbox.arrived(fresh));
      known.current = new Set([...(known.current ?? []), ...ids]);
      setList(result.data);
    });
    return () => {
      live = false;
    };
  }, [key, offset, attempt, latest, onFailure]);

  const filtered = Boolean(filters.kind || filters.state || filters.owner || filters.text);
  const pages = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  const newCount = list?.items.filter((m) => m.isNew && m.state === "open").length ?? 0;

  return (
    <section aria-labelledby="adm-inbox-heading" className="adm-stack adm-full">
      <h2 id="adm-inbox-heading" className="adm-h2">
        {copy.inbox.heading}
      </h2>
      <form onSubmit={(e) => e.preventDefault()} className="adm-filters" aria-label={copy.inbox.filters}>
        <Select
          label={copy.inbox.kind}
          value={filters.kind}
          options={copy.kinds}
          onChange={(v) => update({ [PARAMS.kind]: v })}
        />
        <Select
          label={copy.inbox.state}
          value={filters.state}
          options={copy.states}
          onChange={(v) => update({ [PARAMS.state]: v })}
        />
        <Select
          label={copy.inbox.owner}
          value={filters.owner}
          options={{ none: copy.inbox.nobody, ...Object.fromEntries(team.map((p) => [p.id, p.name])) }}
          onChange={(v) => update({ [PARAMS.owner]: v })}
        />
        <label className="adm-label adm-grow">
          {copy.inbox.text}
          <input
            type="search"
            className="adm-control"
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <a href={adminApi.csvHref(filters)} download className={buttonClass("secondary", "sm")}>
          {copy.inbox.csv}
        </a>
      </form>

      <p role="status" className="adm-note">
        {arrived}
      </p>
      {unavailable ? <Unavailable onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {list && !unavailable ? (
        <>
          <p className="adm-muted">
            {list.total === 0
              ? filtered
                ? copy.inbox.emptyFiltered
                : copy.inbox.empty
              : copy.inbox.count(`${offset + 1}–${offset + list.items.length}`, list.total)}
            {newCount > 0 ? ` ${copy.inbox.newSince(newCount)}` : ""}
          </p>
          {list.items.length > 0 ? (
            <MessageTable
              items={list.items}
              order={filters.order ?? "desc"}
              onSort={() => update({ [PARAMS.order]: filters.order === "asc" ? undefined : "asc" })}
            />
          ) : null}
          {pages > 1 ? (
            <nav aria-label={copy.inbox.pageOf(page, pages)} className="adm-paging">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ sida: page > 2 ? String(page - 1) : undefined })}
              >
                {copy.inbox.previous}
              </Button>
              <span>{copy.inbox.pageOf(page, pages)}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => update({ sida: String(page + 1) })}
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

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: Record<string, string>;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label className="adm-label">
      {label}
      <select className="adm-control" value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{copy.inbox.any}</option>
        {Object.entries(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

function MessageTable({ items, order, onSort }: { items: ListItem[]; order: "asc" | "desc"; onSort: () => void }) {
  const navigate = useNavigate();
  const c = copy.inbox.columns;
  const orderName = order === "asc" ? copy.inbox.oldest : copy.inbox.newest;
  return (
    <div className="adm-scroll">
      <table className="adm-table adm-inbox">
        <caption className="sr-only">{`${copy.inbox.caption}, ${orderName}`}</caption>
        <thead>
          <tr>
            <th scope="col">{c.who}</th>
            <th scope="col">{c.company}</th>
            <th scope="col">{c.from_email}</th>
            <th scope="col">{c.kind}</th>
            <th scope="col">{c.line}</th>
            <th scope="col" aria-sort={order === "asc" ? "ascending" : "descending"}>
              <button type="button" className="adm-sort" onClick={onSort} aria-label={copy.inbox.sortBy(orderName)}>
                {c.time} {order === "asc" ? "↑" : "↓"}
              </button>
            </th>
            <th scope="col">{c.state}</th>
            <th scope="col">{c.owner}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            // The row opens the message for a pointer; the name is the link for the keyboard.
            <tr
              key={m.id}
              data-state={m.state}
              data-new={m.isNew || undefined}
              onClick={(e) => {
                if (!(e.target as Element).closest("a, button")) navigate(messagePath(m.id));
              }}
            >
              <td className="adm-who">
                {m.isNew && m.state === "open" ? <span className="adm-new">{copy.inbox.newMark}</span> : null}
                <Link to={messagePath(m.id)} className="adm-link">
                  {m.from_name || m.from_email_shown || copy.inbox.unnamed}
                </Link>
                {m.suspectedSpam ? <span className="adm-spam">{copy.inbox.spam}</span> : null}
              </td>
              <td>{m.company}</td>
              <td className="adm-nowrap">{m.from_email_shown}</td>
              <td className="adm-nowrap">{copy.kinds[m.kind] ?? m.kind}</td>
              <td className="adm-line">{m.line}</td>
              <td className="adm-nowrap">{formatTime(m.receivedAt)}</td>
              <td className="adm-nowrap">{copy.states[m.state]}</td>
              <td className="adm-nowrap">{m.owner?.name ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
