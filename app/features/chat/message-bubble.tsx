import { Mic } from "lucide-react";
import { RichText } from "~/components/ui/rich-text";
import { TimeSlots, type TimeSlot } from "~/components/ui/time-slots";
import { bookingCopy } from "~/content/booking";
import { chatCopy } from "~/content/chat";
import { takeoverCopy } from "~/content/takeover";
import { cn } from "~/lib/cn";
import { chatLinks } from "~/lib/rich-text";

const textClasses = {
  p: "whitespace-pre-wrap [&:not(:first-child)]:mt-2",
  ul: "mt-2 list-disc pl-5",
  ol: "mt-2 list-decimal pl-5",
  a: "underline underline-offset-2",
};

/**
 * One message: Emma's on the left, the visitor's on the right (spec §2). Emma's "Menar du…?"
 * carries its suggested questions as buttons, one Tab stop each, that ask them; an offer of the
 * free meeting, its times (issue 45).
 */
export function MessageBubble({
  type,
  text,
  via,
  suggestions,
  onSuggest,
  times,
  onChoose,
  onMore,
  busy = false,
  agent,
  onAskPerson,
}: {
  type: "bot" | "user";
  text: string;
  via?: "voice";
  /** A salesperson's line in a takeover: their name instead of Emma's. */
  agent?: string;
  /** "Prata med en människa" under an answer Emma could not give. */
  onAskPerson?: () => void;
  suggestions?: { id: string; question: string }[];
  onSuggest?: (s: { id: string; question: string }) => void;
  times?: readonly TimeSlot[];
  onChoose?: (slot: TimeSlot) => void;
  onMore?: () => void;
  busy?: boolean;
}) {
  const mine = type === "user";
  return (
    <li className={cn("flex flex-col", mine ? "items-end" : "items-start")}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words",
          mine ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-ink-100 text-ink-900",
        )}
      >
        {agent ? (
          <span className="mb-1 block text-xs font-semibold text-brand-800">
            {agent}
            <span className="sr-only">: </span>
          </span>
        ) : (
          <span className="sr-only">{mine ? chatCopy.you : chatCopy.emma}: </span>
        )}
        {via === "voice" ? (
          <span className={cn("mb-1 flex items-center gap-1 text-xs", mine ? "text-brand-100" : "text-ink-600")}>
            <Mic aria-hidden="true" className="h-3 w-3" />
            {chatCopy.spoken}
          </span>
        ) : null}
        <RichText text={text} links={chatLinks} classes={textClasses} />
      </div>
      {suggestions?.length && onSuggest ? (
        <div
          role="group"
          aria-label={chatCopy.suggestionsLabel}
          className="mt-2 flex max-w-[85%] flex-col items-start gap-1.5"
        >
          {suggestions.map((s) => (
            <button
              key={s.id}
              type="button"
              className="rounded-2xl border border-brand-300 bg-white px-3 py-1 text-left text-xs text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
              onClick={() => onSuggest(s)}
            >
              {s.question}
            </button>
          ))}
        </div>
      ) : null}
      {onAskPerson ? (
        <button
          type="button"
          className="mt-2 rounded-2xl border border-brand-300 bg-white px-3 py-1 text-left text-xs text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={onAskPerson}
        >
          {takeoverCopy.askPerson}
        </button>
      ) : null}
      {times?.length && onChoose ? (
        <div className="mt-2 max-w-[85%]">
          <TimeSlots
            compact
            slots={times}
            label={bookingCopy.chat.timesLabel}
            onChoose={onChoose}
            moreLabel={bookingCopy.chat.more}
            onMore={onMore}
            disabled={busy}
          />
        </div>
      ) : null}
    </li>
  );
}
