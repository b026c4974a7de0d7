import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { adminConversationsCopy as copy } from "~/content/admin-conversations";
import {
  conversationsApi,
  mergeLines,
  type ConversationItem,
  type ConversationLine,
  type ConversationResult,
} from "./conversations-api";
import { askNotifications } from "./talk-alerts";
import type { AdminViewProps } from "./view-props";

/** The team's typing signal at most this often; a visitor's "skriver…" shows this long. */
const TYPING_EVERY_MS = 2000;
const TYPING_SHOWN_MS = 4000;

/** "Pågående samtal": visitors asking for a person and the conversations held now, live (issue 53). */
export function ConversationsView({ session, onFailure, talk }: AdminViewProps) {
  const [items, setItems] = useState<ConversationItem[] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [permission, setPermission] = useState(() =>
    typeof Notification === "undefined" ? "denied" : Notification.permission,
  );
  const me = session.me.id;

  useEffect(() => {
    let live = true;
    void conversationsApi.list().then((r) => {
      if (!live) return;
      if (r.ok) setItems(r.data.conversations);
      else if (r.status === 401) onFailure({ ok: false, error: "no-session" });
    });
    return () => {
      live = false;
    };
  }, [talk.revision, onFailure]);

  const opened = items?.find((c) => c.id === openId) ?? null;
  return (
    <section aria-labelledby="adm-talk-heading" className="adm-stack">
      <h2 id="adm-talk-heading" className="adm-h2">
        {copy.heading}
      </h2>
      <p className="adm-muted">{copy.intro}</p>
      {permission === "default" ? (
        <p>
          <Button variant="ghost" size="sm" onClick={() => void askNotifications().then(setPermission)}>
            {copy.notifyOn}
          </Button>
        </p>
      ) : null}
      {items === null ? <p>…</p> : null}
      {items?.length === 0 ? <p>{copy.empty}</p> : null}
      {items?.length ? (
        <ul aria-label={copy.listLabel} className="adm-talk-list">
          {items.map((c) => (
            <li
              key={c.id}
              data-asked-me={c.offeredTo?.id === me || undefined}
              aria-current={c.id === openId || undefined}
            >
              <p>
                <strong>{c.visitorName ?? copy.visitor}</strong> · {copy.states[c.state] ?? c.state}
                {c.state === "waiting" && c.offeredTo ? (
                  <span className="adm-talk-asked">
                    {" "}
                    · {c.offeredTo.id === me ? copy.askedYou : copy.askedFirst(c.offeredTo.name)}
                  </span>
                ) : null}
                {c.holder ? <> · {copy.heldBy(c.holder.name)}</> : null}
              </p>
              {c.page ? <p className="adm-muted">{copy.page(c.page)}</p> : null}
              {c.lastLine ? <p className="adm-talk-last">{c.lastLine.text}</p> : null}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setOpenId(c.id)}
                aria-label={`${copy.open}: ${c.visitorName ?? copy.visitor}`}
              >
                {copy.open}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {openId ? (
        <ConversationDetail
          key={openId}
          id={openId}
          item={opened}
          me={me}
          talk={talk}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}

function ConversationDetail({
  id,
  item,
  me,
  talk,
  onClose,
}: {
  id: string;
  item: ConversationItem | null;
  me: string;
  talk: AdminViewProps["talk"];
  onClose: () => void;
}) {
  const [conversation, setConversation] = useState<ConversationItem | null>(item);
  const [lines, setLines] = useState<ConversationLine[]>([]);
  const [text, setText] = useState("");
  const [note, setNote] = useState("");
  const [quietAt, setQuietAt] = useState(0);
  const lastTyping = useRef(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const fieldId = useId();

  // Loaded again as this conversation changes or gets a line: merged by seq, never twice.
  const lineN = talk.line?.conversation === id ? talk.line.n : 0;
  useEffect(() => {
    let live = true;
    void conversationsApi.get(id).then((r) => {
      if (!live || !r.ok) return;
      setConversation(r.data.conversation);
      setLines((old) => mergeLines(old, r.data.lines));
    });
    return () => {
      live = false;
    };
  }, [id, lineN, talk.revision]);

  const typingN = talk.typing?.conversation === id && talk.typing.who === "visitor" ? talk.typing.n : 0;
  useEffect(() => {
    if (!typingN) return;
    const off = setTimeout(() => setQuietAt(typingN), TYPING_SHOWN_MS);
    return () => clearTimeout(off);
  }, [typingN]);
  const visitorTyping = typingN > quietAt;

  const state = conversation?.state ?? item?.state;
  const holder = conversation?.holder ?? null;
  const mine = state === "held" && holder?.id === me;
  // Taken: the message box appears and takes the focus, so the salesperson can write at once.
  useEffect(() => {
    if (mine) input.current?.focus();
  }, [mine]);

  const refused = (r: Extract<ConversationResult<unknown>, { ok: false }>) =>
    setNote(
      r.holder && r.error !== "closed" ? copy.taken(r.holder.name) : r.status === 409 ? copy.closed : copy.failed,
    );

  async function take() {
    const r = await conversationsApi.take(id);
    if (!r.ok) return refused(r);
    setConversation(r.data.conversation);
    setNote("");
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    const said = text.trim();
    if (!said) return;
    const r = await conversationsApi.say(id, said);
    if (!r.ok) return refused(r);
    setText("");
    lastTyping.current = 0;
    setLines((old) =>
      mergeLines(old, [{ seq: r.data.seq, author: "agent", name: holder?.name ?? null, text: said, at: "" }]),
    );
    input.current?.focus();
  }

  async function form(kind: "lead" | "booking") {
    const r = await conversationsApi.form(id, kind);
    if (r.ok) setNote(copy.formSent[kind]);
    else refused(r);
  }

  async function release() {
    const r = await conversationsApi.release(id);
    if (!r.ok) return refused(r);
    setConversation(r.data.conversation);
    setNote("");
  }

  function typing(value: string) {
    setText(value);
    if (!value || Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    void conversationsApi.typing(id);
  }

  const who = (l: ConversationLine) =>
    l.author === "visitor"
      ? copy.visitor
      : l.author === "emma"
        ? copy.emma
        : l.author === "agent"
          ? (l.name ?? "")
          : copy.system;
  const agentTyping =
    talk.typing?.conversation === id && talk.typing.who === "agent" && !mine ? talk.typing.name : null;

  return (
    <section aria-labelledby={headingId} className="adm-box adm-stack">
      <h3 id={headingId} className="adm-h3">
        {conversation?.visitorName ?? copy.visitor} · {copy.states[state ?? ""] ?? state}
        {holder ? ` · ${copy.heldBy(holder.name)}` : ""}
      </h3>
      <div role="log" aria-label={copy.transcriptLabel} aria-live="polite">
        <ol className="adm-conversation">
          {lines.map((l) => (
            <li key={l.seq} data-who={l.author}>
              <span className="adm-speaker">{who(l)}: </span>
              {l.author === "system" ? (copy.forms[l.text.slice(6, -1)] ?? l.text) : l.text}
            </li>
          ))}
        </ol>
      </div>
      <p role="status" className="adm-muted">
        {visitorTyping ? copy.visitorTyping : agentTyping ? copy.typing(agentTyping) : ""}
      </p>
      <p role="alert" className="adm-note">
        {note}
      </p>
      {!mine && (state === "waiting" || state === "held") ? (
        <p>
          <Button onClick={() => void take()}>{copy.take}</Button>
        </p>
      ) : null}
      {mine ? (
        <>
          <form onSubmit={(e) => void send(e)} className="adm-stack">
            <label htmlFor={fieldId} className="adm-label">
              {copy.messageLabel}
            </label>
            <textarea
              id={fieldId}
              ref={input}
              rows={3}
              maxLength={1000}
              value={text}
              onChange={(e) => typing(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
              className="adm-control"
            />
            <p>
              <Button type="submit">{copy.send}</Button>
            </p>
          </form>
          <p className="adm-actions">
            <Button variant="ghost" size="sm" onClick={() => void form("lead")}>
              {copy.sendLead}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void form("booking")}>
              {copy.sendBooking}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void release()}>
              {copy.release}
            </Button>
          </p>
        </>
      ) : null}
      <p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {copy.close}
        </Button>
      </p>
    </section>
  );
}
