import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { adminCopy as copy } from "~/content/admin";
import { adminApi, type AdminResult, type FullMessage } from "./admin-api";
import { formatTime } from "./format";
import { Unavailable } from "./unavailable";

type OnFailure = (result: Extract<AdminResult<unknown>, { ok: false }>) => void;
/** Shown as their own blocks, not in the list of fields. */
const LONG_FIELDS = new Set(["message", "conversation"]);

/** One message whole, its text and Emma's conversation as plain text, with the operator's actions. */
export function MessageView({ id, onBack, onFailure }: { id: string; onBack: () => void; onFailure: OnFailure }) {
  const [message, setMessage] = useState<FullMessage | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [status, setStatus] = useState("");
  const [note, setNote] = useState("");
  const [erasing, setErasing] = useState(false);
  const [confirm, setConfirm] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  const handle = useCallback(
    (result: AdminResult<FullMessage>) => {
      if (result.ok) {
        setUnavailable(false);
        setMessage(result.data);
        setNote(result.data.note);
        return true;
      }
      setUnavailable(result.error === "unavailable");
      if (result.error !== "unavailable") setStatus(copy.message.failed);
      onFailure(result);
      return false;
    },
    [onFailure],
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void adminApi.message(id).then((result) => {
      if (live && handle(result)) requestAnimationFrame(() => heading.current?.focus());
    });
    return () => {
      live = false;
    };
  }, [handle, id, attempt]);

  async function change(update: { state?: "open" | "handled"; note?: string }) {
    if (handle(await adminApi.update(id, update))) setStatus(copy.message.saved);
  }

  async function erase(e: FormEvent) {
    e.preventDefault();
    if (!message) return;
    const result = await adminApi.erase(message.email, confirm.trim());
    if (!result.ok) {
      setUnavailable(result.error === "unavailable");
      setStatus(copy.message.failed);
      return onFailure(result);
    }
    setStatus(copy.message.erased(result.data.erased));
    onBack();
  }

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack}>
      {copy.message.back}
    </Button>
  );
  if (unavailable) {
    return (
      <section>
        {back}
        <Unavailable onRetry={() => setAttempt((n) => n + 1)} />
      </section>
    );
  }
  if (!message) return <p>{copy.loading}</p>;
  const fields = Object.entries(message.params).filter(([k]) => !LONG_FIELDS.has(k));

  return (
    <section aria-labelledby="adm-message-heading" className="adm-stack">
      {back}
      <h2 id="adm-message-heading" ref={heading} tabIndex={-1} className="adm-h2">
        {copy.message.heading(message.name)}
      </h2>
      <p className="adm-muted">
        {copy.kinds[message.kind] ?? message.kind} · {copy.message.received} {formatTime(message.receivedAt)} ·{" "}
        {copy.states[message.state]}
        {message.suspectedSpam ? ` · ${copy.inbox.spam}` : ""}
      </p>
      <p role="status" className="adm-note">
        {status}
      </p>
      <div className="adm-actions">
        {message.state === "open" ? (
          <Button size="sm" onClick={() => void change({ state: "handled" })}>
            {copy.message.markHandled}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => void change({ state: "open" })}>
            {copy.message.reopen}
          </Button>
        )}
        {message.email ? (
          <>
            <a href={adminApi.exportHref(message.email)} download className={buttonClass("secondary", "sm")}>
              {copy.message.exportPerson}
            </a>
            <Button size="sm" variant="secondary" onClick={() => setErasing(true)}>
              {copy.message.erasePerson}
            </Button>
          </>
        ) : (
          <span className="adm-muted">{copy.message.noEmail}</span>
        )}
      </div>
      {erasing ? (
        <form onSubmit={(e) => void erase(e)} className="adm-alert adm-stack">
          <p>{copy.message.eraseConfirm(message.email)}</p>
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
            <Button type="submit" size="sm" disabled={confirm.trim() !== message.email}>
              {copy.message.eraseSubmit}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setErasing(false)}>
              {copy.message.cancel}
            </Button>
          </div>
        </form>
      ) : null}

      <h3 className="adm-h3">{copy.message.fields}</h3>
      <dl className="adm-fields">
        {fields.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {message.params.message ? (
        <>
          <h3 className="adm-h3">{copy.message.text}</h3>
          <pre className="adm-pre">{message.params.message}</pre>
        </>
      ) : null}
      {message.params.conversation ? (
        <>
          <h3 className="adm-h3">{copy.message.conversation}</h3>
          {/* Text, never HTML: a conversation is whatever the visitor typed. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus to scroll by keyboard */}
          <pre className="adm-pre" tabIndex={0}>
            {message.params.conversation}
          </pre>
        </>
      ) : null}
      {message.callSummary ? (
        <>
          <h3 className="adm-h3">{copy.message.callSummary}</h3>
          <pre className="adm-pre">{message.callSummary}</pre>
        </>
      ) : null}
      <form
        className="adm-stack"
        onSubmit={(e) => {
          e.preventDefault();
          void change({ note });
        }}
      >
        <TextareaField
          label={copy.message.note}
          rows={3}
          maxLength={4000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="submit" size="sm" variant="secondary">
          {copy.message.saveNote}
        </Button>
      </form>
    </section>
  );
}
