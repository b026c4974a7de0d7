import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { adminCopy as copy, adminServerCopy } from "~/content/admin";
import { adminApi, type AdminResult, type FullMessage } from "./admin-api";
import { ADMIN_ROOT } from "./admin-paths";
import { ConversationView, VisitorText } from "./conversation-view";
import { formatTime } from "./format";
import { mailtoAddress, mailtoReply } from "./mailto";
import { MessageHistory } from "./message-history";
import { Unavailable } from "./unavailable";
import type { AdminViewProps } from "./view-props";

/** One message: the visitor's details as links, Emma's conversation as she showed it, and the team's actions. */
export function MessageView({ id, onFailure, session, team, changed }: AdminViewProps & { id: string }) {
  const navigate = useNavigate();
  const [message, setMessage] = useState<FullMessage | null | "gone">(null);
  const [unavailable, setUnavailable] = useState(false);
  const [status, setStatus] = useState("");
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  const handle = useCallback(
    (result: AdminResult<FullMessage>) => {
      if (result.ok) {
        setUnavailable(false);
        setMessage(result.data);
        return true;
      }
      setUnavailable(result.error === "unavailable");
      if (result.error === "not-found") setMessage("gone");
      else if (result.error !== "unavailable") setStatus(copy.message.failed);
      onFailure(result);
      return false;
    },
    [onFailure],
  );

  useEffect(() => {
    let live = true;
    void adminApi.message(id).then((result) => {
      if (live && handle(result)) requestAnimationFrame(() => heading.current?.focus());
    });
    return () => {
      live = false;
    };
  }, [handle, id, attempt]);

  // A colleague's change (or one's own, from another tab) arrives live: loaded again, the focus left where it is.
  const changedHere = changed?.message === id ? changed.n : 0;
  useEffect(() => {
    if (!changedHere) return;
    let live = true;
    void adminApi.message(id).then((result) => live && handle(result));
    return () => {
      live = false;
    };
  }, [changedHere, handle, id]);

  const act = async (call: Promise<AdminResult<FullMessage>>, done: string = copy.message.saved) => {
    const ok = handle(await call);
    if (ok) setStatus(done);
    return ok;
  };

  const back = (
    <Link to={ADMIN_ROOT} className={buttonClass("ghost", "sm")}>
      {copy.message.back}
    </Link>
  );
  if (unavailable) {
    return (
      <section className="adm-stack">
        {back}
        <Unavailable onRetry={() => setAttempt((n) => n + 1)} />
      </section>
    );
  }
  if (message === "gone") {
    return (
      <section className="adm-stack">
        {back}
        <p role="alert">{copy.message.notFound}</p>
      </section>
    );
  }
  if (!message) return <p>{copy.loading}</p>;
  const l = copy.message.labels;
  const mailto = mailtoAddress(message.from_email);

  return (
    <article aria-labelledby="adm-message-heading" className="adm-message">
      <div className="adm-stack adm-main">
        {back}
        <h2 id="adm-message-heading" ref={heading} tabIndex={-1} className="adm-h2">
          {copy.message.heading(message.from_name)}
        </h2>
        <p className="adm-muted">
          {copy.kinds[message.kind] ?? message.kind} · {copy.message.received} {formatTime(message.receivedAt)} ·{" "}
          {copy.states[message.state]}
          {message.suspectedSpam ? ` · ${copy.inbox.spam}` : ""}
        </p>
        <p role="status" className="adm-note">
          {status}
        </p>
        {message.message ? (
          <TextSection id="adm-text-heading" heading={copy.message.text} text={message.message} />
        ) : null}
        {message.conversation ? <ConversationView transcript={message.conversation} /> : null}
        {message.callSummary ? (
          <TextSection id="adm-call-heading" heading={copy.message.callSummary} text={message.callSummary} />
        ) : null}
        <Reply
          message={message}
          canReply={session.canReply}
          salesEmail={session.salesEmail}
          onSend={(text) => act(adminApi.reply(message.id, text), copy.message.reply.sent)}
        />
        <Notes message={message} onAdd={(text) => act(adminApi.addNote(message.id, text))} />
      </div>

      <aside className="adm-stack adm-side" aria-label={copy.message.details}>
        <h3 className="adm-h3">{copy.message.details}</h3>
        <dl className="adm-fields">
          <Field label={l.from_name} value={message.from_name} />
          <Field label={l.company} value={message.company} />
          {message.from_email ? (
            <Field label={l.from_email}>
              {mailto ? (
                <a className="adm-link" href={mailto}>
                  {message.from_email_shown}
                </a>
              ) : (
                message.from_email_shown
              )}
            </Field>
          ) : null}
          {message.phone ? (
            <Field label={l.phone}>
              <a className="adm-link" href={`tel:${message.phone.replace(/[^\d+]/g, "")}`}>
                {message.phone}
              </a>
            </Field>
          ) : null}
          <Field label={l.selected_service} value={message.selected_service} />
          <Field label={l.subject} value={message.subject} />
          <Field label={l.page} value={message.page || message.source} />
          <Field label={l.received} value={formatTime(message.receivedAt)} />
          <Field
            label={l.notification}
            value={message.notification ? (copy.notifications[message.notification] ?? message.notification) : ""}
          />
          {message.noJs ? <Field label={l.noJs} value="✓" /> : null}
          {Object.entries(message.otherFields).map(([k, v]) => (
            <Field key={k} label={k} value={v} />
          ))}
        </dl>

        <label className="adm-label">
          {copy.message.owner}
          <select
            className="adm-control"
            value={message.owner?.id ?? ""}
            onChange={(e) => void act(adminApi.assign(message.id, e.target.value || null))}
          >
            <option value="">{copy.message.nobody}</option>
            {team.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <div className="adm-actions">
          {message.state === "handled" ? (
            <Button size="sm" variant="secondary" onClick={() => void act(adminApi.setState(message.id, "open"))}>
              {copy.message.reopen}
            </Button>
          ) : (
            <Button size="sm" onClick={() => void act(adminApi.setState(message.id, "handled"))}>
              {copy.message.markHandled}
            </Button>
          )}
        </div>
        <MessageHistory message={message} />
        <Person message={message} onStatus={setStatus} onErased={() => navigate(ADMIN_ROOT)} onFailure={onFailure} />
      </aside>
    </article>
  );
}

function Field({ label, value, children }: { label: string; value?: string; children?: ReactNode }) {
  if (!children && !value) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children ?? value}</dd>
    </div>
  );
}

function Reply({
  message,
  canReply,
  salesEmail,
  onSend,
}: {
  message: FullMessage;
  canReply: boolean;
  salesEmail: string;
  onSend: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  if (!message.from_email) return null;
  const r = copy.message.reply;
  const mailto = mailtoReply(message, adminServerCopy.reply, salesEmail);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError(r.empty);
    setError(undefined);
    if (await onSend(text)) setText("");
  }

  return (
    <section aria-labelledby="adm-reply-heading" className="adm-stack adm-full">
      <h3 id="adm-reply-heading" className="adm-h3">
        {r.heading}
      </h3>
      {canReply ? (
        <form onSubmit={(e) => void submit(e)} className="adm-stack adm-full">
          <TextareaField
            label={r.label(message.from_email_shown)}
            hint={r.hint}
            rows={5}
            maxLength={10000}
            value={text}
            error={error}
            onChange={(e) => setText(e.target.value)}
            className="adm-full"
          />
          <Button type="submit" size="sm">
            {r.send}
          </Button>
        </form>
      ) : mailto ? (
        <>
          <p className="adm-muted">{r.mailtoHint}</p>
          <a className={buttonClass("primary", "sm")} href={mailto}>
            {r.mailto}
          </a>
        </>
      ) : null}
    </section>
  );
}

function Notes({ message, onAdd }: { message: FullMessage; onAdd: (text: string) => Promise<boolean> }) {
  const [note, setNote] = useState("");
  const notes = message.history.filter((e) => e.action === "note");
  return (
    <section aria-labelledby="adm-notes-heading" className="adm-stack adm-full">
      <h3 id="adm-notes-heading" className="adm-h3">
        {copy.message.notes}
      </h3>
      {notes.length === 0 ? <p className="adm-muted">{copy.message.noNotes}</p> : null}
      <ul className="adm-notes">
        {notes.map((n) => (
          <li key={n.id}>
            <p className="adm-muted">
              {n.actorName} · {formatTime(n.at)}
            </p>
            <p className="adm-prewrap">{n.detail?.text}</p>
          </li>
        ))}
      </ul>
      <form
        className="adm-stack adm-full"
        onSubmit={(e) => {
          e.preventDefault();
          if (note.trim()) void onAdd(note).then((ok) => ok && setNote(""));
        }}
      >
        <TextareaField
          label={copy.message.newNote}
          rows={3}
          maxLength={4000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="adm-full"
        />
        <Button type="submit" size="sm" variant="secondary">
          {copy.message.saveNote}
        </Button>
      </form>
    </section>
  );
}

function Person({
  message,
  onStatus,
  onErased,
  onFailure,
}: {
  message: FullMessage;
  onStatus: (s: string) => void;
  onErased: () => void;
  onFailure: AdminViewProps["onFailure"];
}) {
  const [erasing, setErasing] = useState(false);
  const [confirm, setConfirm] = useState("");
  if (!message.from_email) return <p className="adm-muted">{copy.message.noEmail}</p>;
  // The address as shown (its own letters) or as stored (punycode) both confirm.
  const matches = [message.from_email, message.from_email_shown].includes(confirm.trim());

  async function erase(e: FormEvent) {
    e.preventDefault();
    const result = await adminApi.erase(message.from_email, matches ? message.from_email : confirm.trim());
    if (!result.ok) {
      onStatus(copy.message.failed);
      return onFailure(result);
    }
    onStatus(copy.message.erased(result.data.erased));
    onErased();
  }

  return (
    <div className="adm-stack">
      <div className="adm-actions">
        <a href={adminApi.exportHref(message.from_email)} download className={buttonClass("secondary", "sm")}>
          {copy.message.exportPerson}
        </a>
        <Button size="sm" variant="secondary" onClick={() => setErasing(true)}>
          {copy.message.erasePerson}
        </Button>
      </div>
      {erasing ? (
        <form onSubmit={(e) => void erase(e)} className="adm-alert adm-stack">
          <p>{copy.message.eraseConfirm(message.from_email_shown)}</p>
          <label className="adm-label">
            {copy.message.eraseLabel}
            <input
              className="adm-control"
              value={confirm}
              autoComplete="off"
              onChange={(e) => setConfirm(e.target.value)}
            />
          </label>
          <div className="adm-actions">
            <Button type="submit" size="sm" disabled={!matches}>
              {copy.message.eraseSubmit}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setErasing(false)}>
              {copy.message.cancel}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** A labelled part of the message: what the visitor wrote or said, as plain text. */
function TextSection({ id, heading, text }: { id: string; heading: string; text: string }) {
  return (
    <section aria-labelledby={id} className="adm-stack adm-full">
      <h3 id={id} className="adm-h3">
        {heading}
      </h3>
      <div className="adm-box">
        <VisitorText text={text} />
      </div>
    </section>
  );
}
