import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { adminMeetingsCopy as copy } from "~/content/admin-meetings";
import type { AdminResult } from "./admin-api";
import { messagePath } from "./admin-paths";
import { ApprovalSettings } from "./approval-settings";
import { mailtoAddress } from "./mailto";
import { MEETINGS_CSV, meetingsApi, type Meeting, type MeetingDay } from "./meetings-api";
import { Unavailable } from "./unavailable";
import type { AdminViewProps } from "./view-props";

/** The free meetings ahead by day, each with its lead and conversation; cancel, mark a no-show. */
export function MeetingsView({ onFailure, latest }: AdminViewProps) {
  const [days, setDays] = useState<MeetingDay[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void meetingsApi.list().then((result) => {
      if (!live) return;
      setUnavailable(!result.ok && result.error === "unavailable");
      if (result.ok) setDays(result.data.days);
      else onFailure(result);
    });
    return () => {
      live = false;
    };
  }, [attempt, latest, onFailure]);

  if (unavailable) return <Unavailable onRetry={() => setAttempt((n) => n + 1)} />;
  if (!days) return <p>…</p>;
  const reload = () => setAttempt((n) => n + 1);
  const pending = days.flatMap((d) => d.meetings).filter((m) => m.state === "pending").length;

  return (
    <section aria-labelledby="adm-meetings-heading" className="adm-stack">
      <h2 id="adm-meetings-heading" className="adm-h2">
        {copy.heading}
      </h2>
      <p className="adm-muted">{copy.intro}</p>
      <ApprovalSettings onFailure={onFailure} latest={latest} />
      {pending ? <p className="adm-note">{copy.pendingCount(pending)}</p> : null}
      <p>
        <a className="adm-link" href={MEETINGS_CSV} download>
          {copy.csv}
        </a>
      </p>
      {days.length === 0 ? <p>{copy.empty}</p> : null}
      {days.map((day) => (
        <section key={day.date} aria-label={day.label} className="adm-stack">
          <h3 className="adm-h3">{day.label}</h3>
          <ul className="adm-list">
            {day.meetings.map((m) => (
              <MeetingItem key={m.id} meeting={m} onChanged={reload} onFailure={onFailure} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function MeetingItem({
  meeting: m,
  onChanged,
  onFailure,
}: {
  meeting: Meeting;
  onChanged: () => void;
  onFailure: AdminViewProps["onFailure"];
}) {
  const [cancelling, setCancelling] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const noteId = useId();
  const lead = m.lead;
  const who = [lead?.from_name, lead?.company].filter(Boolean).join(", ");
  const mailto = lead ? mailtoAddress(lead.from_email) : null;

  async function act(run: () => Promise<AdminResult<unknown>>) {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (result.ok) return onChanged();
    setError(copy.failed);
    onFailure(result);
  }

  return (
    <li className="adm-box adm-stack">
      <p>
        <strong>{m.time}</strong> · {m.kind === "phone" ? copy.phone : copy.video}
        {m.source ? ` · ${copy.sources[m.source] ?? m.source}` : ""}
        {m.state === "cancelled" ? ` · ${copy.cancelled}` : ""}
        {m.state === "pending" ? ` · ${copy.pending}` : ""}
        {m.state === "declined" ? ` · ${copy.declined}` : ""}
        {m.noShow ? ` · ${copy.noShow}` : ""}
      </p>
      {lead ? (
        <div>
          <p>
            {copy.lead}: {who} · {mailto ? <a href={mailto}>{lead.from_email_shown}</a> : lead.from_email_shown}
            {lead.phone ? ` · ${lead.phone}` : ""} · <Link to={messagePath(lead.id)}>{copy.openMessage}</Link>
          </p>
          {lead.message ? <p className="adm-prewrap">{lead.message}</p> : null}
          {lead.conversation ? (
            <details>
              <summary>{copy.conversation}</summary>
              <pre className="adm-pre adm-prewrap">{lead.conversation}</pre>
            </details>
          ) : null}
        </div>
      ) : null}
      {m.cancelNote ? <p className="adm-muted">{copy.cancelledNote(m.cancelNote)}</p> : null}
      {m.decidedBy && m.state !== "pending" ? (
        <p className="adm-muted">
          {m.state === "declined" ? copy.declinedBy(m.decidedBy) : copy.approvedBy(m.decidedBy)}
        </p>
      ) : null}
      {m.state === "pending" ? (
        <div className="adm-actions">
          <button
            type="button"
            className="adm-control"
            disabled={busy}
            onClick={() => void act(() => meetingsApi.decide(m.id, "approve"))}
          >
            {copy.approve}
          </button>
          {declining ? (
            <>
              <button
                type="button"
                className="adm-control"
                disabled={busy}
                onClick={() => void act(() => meetingsApi.decide(m.id, "decline"))}
              >
                {copy.confirmDecline}
              </button>
              <button type="button" className="adm-control" disabled={busy} onClick={() => setDeclining(false)}>
                {copy.keep}
              </button>
            </>
          ) : (
            <button type="button" className="adm-control" disabled={busy} onClick={() => setDeclining(true)}>
              {copy.decline}
            </button>
          )}
        </div>
      ) : null}
      {declining && m.state === "pending" ? <p className="adm-muted">{copy.declineHint}</p> : null}
      {m.state === "booked" ? (
        <div className="adm-actions">
          <button
            type="button"
            className="adm-control"
            disabled={busy}
            onClick={() => void act(() => meetingsApi.noShow(m.id, !m.noShow))}
          >
            {m.noShow ? copy.unmarkNoShow : copy.markNoShow}
          </button>
          {cancelling ? null : (
            <button type="button" className="adm-control" disabled={busy} onClick={() => setCancelling(true)}>
              {copy.cancel}
            </button>
          )}
        </div>
      ) : null}
      {cancelling && m.state === "booked" ? (
        <form
          className="adm-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => meetingsApi.cancel(m.id, message));
          }}
        >
          <label htmlFor={noteId} className="adm-label">
            {copy.cancelMessage}
          </label>
          <textarea
            id={noteId}
            className="adm-control"
            rows={3}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <button type="submit" className="adm-control" disabled={busy}>
            {copy.confirmCancel}
          </button>
        </form>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </li>
  );
}
