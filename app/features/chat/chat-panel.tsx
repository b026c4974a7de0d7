import { Loader2, RotateCcw, Send, Settings, X } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { focusWasDropped } from "~/components/ui/use-refocus-after-busy";
import { chatCopy } from "~/content/chat";
import { cannedReplyGroups } from "~/content/canned-replies";
import { cn } from "~/lib/cn";
import { floatingPlacement } from "~/lib/floating-placement";
import { loadKnowledge } from "~/lib/knowledge/load-knowledge";
import { BookingSummary } from "./booking-summary";
import { LeadForm } from "./lead-form";
import { MessageBubble } from "./message-bubble";
import { TakeoverStatus, TranscriptMail } from "./takeover-parts";
import { ApiKeyBox, MailConfigBox } from "./settings-boxes";
import { useChat } from "./use-chat";

const suggestions = cannedReplyGroups.flatMap((g) => (g.suggestion ? [g.suggestion] : []));

const iconButton =
  "inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white";

/** The Emma chat panel (spec §2). Loaded on the first open; unmounting it aborts a pending answer. */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const chat = useChat();
  const [input, setInput] = useState("");
  const [settingsShown, setSettingsShown] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const leadBox = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const settingsId = useId();
  const { messages, thinking, leadFormShown } = chat;
  const showThinking = thinking && messages.at(-1)?.type !== "bot";

  // Emma's knowledge (its own chunk) loads as the panel opens, so the first answer is instant.
  useEffect(() => {
    void loadKnowledge();
  }, []);

  // A layout effect, so nothing typed right after opening goes astray.
  useLayoutEffect(() => {
    inputRef.current?.focus();
  }, []);

  // Emma's new item shows from its start, the visitor's goes to the end; a streaming answer is
  // followed only from the end. Instant, in a layout effect: no stale frame, no motion.
  const shown = useRef<{ lastId?: string; lastText?: string; thinking: boolean; leadForm: boolean } | null>(null);
  const contentHeight = useRef(0);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const last = messages.at(-1);
    const before = shown.current;
    shown.current = { lastId: last?.id, lastText: last?.text, thinking: showThinking, leadForm: leadFormShown };
    const wasAtEnd = box.scrollTop + box.clientHeight >= contentHeight.current - 2;
    contentHeight.current = box.scrollHeight;

    const end = () => box.scrollHeight - box.clientHeight;
    // The position that shows `item` from its start: the end if all from its top down fits.
    const startOf = (item: Element | null | undefined) => {
      if (!item) return end();
      const top = item.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
      // Room above it as at the top of the log: the scrolling area's own top padding.
      return Math.min(end(), top - parseFloat(getComputedStyle(box).paddingTop));
    };
    // The greeting is the list's first item, message i its item i + 1.
    const lastBot = () => list.current?.children[messages.findLastIndex((m) => m.type === "bot") + 1];
    const scrollTo = (top: number) => {
      box.scrollTop = top;
      contentHeight.current = box.scrollHeight;
    };
    // The lead form from its heading, or lower if the first field and its error line would not show.
    const leadFormStart = () => {
      const firstField = leadBox.current?.querySelector("[data-autofocus]")?.parentElement;
      if (!firstField) return startOf(leadBox.current);
      const fieldEnd = firstField.getBoundingClientRect().bottom - box.getBoundingClientRect().top + box.scrollTop;
      return Math.min(end(), Math.max(startOf(leadBox.current), fieldEnd - box.clientHeight));
    };

    if (!before) scrollTo(leadFormShown ? leadFormStart() : startOf(lastBot()));
    else if (leadFormShown && !before.leadForm) scrollTo(leadFormStart());
    else if (last?.id !== before.lastId) scrollTo(last?.type === "bot" ? startOf(lastBot()) : end());
    else if (last && last.text !== before.lastText) {
      if (wasAtEnd) scrollTo(Math.max(box.scrollTop, startOf(lastBot())));
    } else if (showThinking && !before.thinking) scrollTo(end());

    // An answer that comes (or grows) above the lead form never hides the field being filled in.
    const focused = document.activeElement;
    const field = leadBox.current?.contains(focused) ? focused?.parentElement : null;
    if (field) {
      const seen = box.getBoundingClientRect();
      const { top, bottom } = field.getBoundingClientRect();
      if (bottom > seen.bottom) scrollTo(box.scrollTop + Math.min(bottom - seen.bottom, top - seen.top));
      else if (top < seen.top) scrollTo(box.scrollTop - (seen.top - top));
    }
  }, [messages, showThinking, leadFormShown]);

  // The settings sit above the log: opened late in a conversation, they scroll into view.
  useLayoutEffect(() => {
    if (settingsShown && scroller.current) scroller.current.scrollTop = 0;
  }, [settingsShown]);

  // As the lead form appears after a message was sent, its first field takes the focus (the form's
  // name, its heading, is read out with it), unless the visitor is typing a new question.
  useLayoutEffect(() => {
    const firstField = leadBox.current?.querySelector<HTMLElement>("[data-autofocus]");
    const typing = document.activeElement === inputRef.current && inputRef.current?.value;
    if (leadFormShown && firstField && !typing && (document.activeElement === inputRef.current || focusWasDropped())) {
      firstField.focus({ preventScroll: true });
    }
  }, [leadFormShown]);

  // When the lead form goes with the focus in it, the focus goes to the question field, not <body>.
  useLayoutEffect(() => {
    if (!leadFormShown && focusWasDropped()) inputRef.current?.focus();
  }, [leadFormShown]);

  // The booking's summary gone (booked, or back to the form) with the focus in it: the question field.
  const summaryShown = Boolean(chat.meeting.summary);
  useLayoutEffect(() => {
    if (!summaryShown && focusWasDropped()) inputRef.current?.focus();
  }, [summaryShown]);

  function askSuggestion(s: { id: string; question: string }) {
    chat.send(s.question, s.id);
    inputRef.current?.focus(); // the button goes with the answer
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (chat.send(input)) setInput("");
  }

  // Esc anywhere in the panel closes it (the launcher then takes focus back).
  const panel = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = panel.current;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        onClose();
      }
    };
    el?.addEventListener("keydown", onKeyDown);
    return () => el?.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      ref={panel}
      className={cn(
        floatingPlacement.chatPanel,
        "flex h-80 w-72 flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-2xl sm:h-96 sm:w-80",
        // On a low screen (a phone held sideways) it shrinks above the launcher row, header reachable;
        // on a narrow one it keeps the launcher's right margin on its left too.
        "max-h-[calc(100dvh-6.5rem)] max-w-[calc(100vw-2rem)]",
      )}
    >
      <div className="flex items-center gap-2 bg-gradient-to-r from-brand-700 to-accent-600 px-3 py-2 text-white">
        <div className="flex-1">
          <h2 id={titleId} className="leading-tight font-semibold">
            {chatCopy.title}
          </h2>
          <p className="text-xs text-brand-100">{chatCopy.subtitle}</p>
        </div>
        <button
          type="button"
          className={iconButton}
          aria-expanded={settingsShown}
          aria-controls={settingsId}
          onClick={() => setSettingsShown((s) => !s)}
        >
          <Settings aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{chatCopy.settings}</span>
        </button>
        <button type="button" className={iconButton} onClick={chat.newConversation}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{chatCopy.newConversation}</span>
        </button>
        <button type="button" className={iconButton} onClick={onClose}>
          <X aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{chatCopy.close}</span>
        </button>
      </div>

      {/* Focusable, so a keyboard can scroll back a long conversation with no button in it (axe). */}
      <div
        ref={scroller}
        role="region"
        aria-label={chatCopy.scrollLabel}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region, as axe asks
        tabIndex={0}
        className="flex-1 overflow-y-auto overscroll-contain p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
      >
        <div id={settingsId} hidden={!settingsShown} className="mb-3 flex flex-col gap-3">
          {settingsShown ? (
            <>
              <ApiKeyBox />
              <MailConfigBox />
            </>
          ) : null}
        </div>
        <div role="log" aria-label={chatCopy.messagesLabel} aria-live="polite">
          <ul ref={list} className="flex flex-col gap-2">
            <MessageBubble type="bot" text={chatCopy.greeting} />
            {messages.map((m, i) => (
              <MessageBubble
                key={m.id}
                type={m.type}
                text={m.text}
                via={m.via}
                // Only the latest answer's suggestions and times are buttons: older ones would only add Tab stops.
                suggestions={i === messages.length - 1 ? m.suggestions : undefined}
                onSuggest={askSuggestion}
                times={i === messages.length - 1 ? m.times : undefined}
                onChoose={(slot) => void chat.meeting.choose(slot, m.meeting ?? "video")}
                onMore={
                  m.more && m.times?.length
                    ? () => void chat.meeting.more(m.times!.at(-1)!.start, m.meeting ?? "video")
                    : undefined
                }
                busy={chat.meeting.busy}
                agent={m.agent}
                onAskPerson={
                  m.offerPerson && i === messages.length - 1 && !chat.takeover.live
                    ? () => {
                        chat.askPerson();
                        inputRef.current?.focus();
                      }
                    : undefined
                }
              />
            ))}
          </ul>
        </div>
        {messages.length === 0 ? (
          <div className="mt-3">
            <p className="sr-only">{chatCopy.suggestionsLabel}</p>
            <ul className="flex flex-wrap gap-2" aria-label={chatCopy.suggestionsLabel}>
              {suggestions.map((s) => (
                <li key={s}>
                  <button
                    type="button"
                    className="rounded-full border border-brand-300 px-3 py-1 text-xs text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                    onClick={() => chat.send(s)}
                  >
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <TakeoverStatus takeover={chat.takeover.takeover} typing={chat.takeover.agentTyping} />
        {chat.takeover.takeover ? <TranscriptMail send={chat.takeover.mail} canMail={chat.takeover.canMail} /> : null}
        {showThinking ? (
          <p role="status" className="mt-2 flex items-center gap-2 text-sm text-ink-600">
            <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
            {chatCopy.thinking}
          </p>
        ) : null}
        {leadFormShown ? (
          <div ref={leadBox} className="mt-3">
            <LeadForm
              payload={(lead, start) => chat.leadParams(lead, chat.offer && !start ? chat.offer.kind : undefined)}
              onDone={chat.leadDone}
              onLater={chat.hideLeadForm}
              onCollect={chat.collect}
              offer={chat.offer}
              chosen={chat.meeting.hold?.start}
              callBack={(chat.meeting.hold?.kind ?? chat.offer?.kind) === "phone"}
              initial={chat.leadDraft}
            />
          </div>
        ) : null}
        {chat.meeting.summary ? (
          <div className="mt-3">
            <BookingSummary
              {...chat.meeting.summary}
              busy={chat.meeting.busy}
              onBook={() => void chat.meeting.book()}
              onChange={chat.meeting.change}
            />
          </div>
        ) : null}
      </div>

      <form onSubmit={submit} className="flex gap-2 border-t border-ink-200 p-2">
        <input
          ref={inputRef}
          aria-label={chatCopy.inputLabel}
          placeholder={chatCopy.inputPlaceholder}
          value={input}
          maxLength={2000}
          onChange={(e) => {
            setInput(e.target.value);
            if (e.target.value) chat.takeover.typing();
          }}
          // 16 px: iOS zooms into a field with smaller text as it is focused.
          className="min-w-0 flex-1 rounded-full border border-ink-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-500"
        />
        <button
          type="submit"
          className="inline-flex h-9 items-center gap-1 rounded-full bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <Send aria-hidden="true" className="h-4 w-4" />
          {chatCopy.send}
        </button>
      </form>
    </section>
  );
}
