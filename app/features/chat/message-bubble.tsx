import { Mic } from "lucide-react";
import { chatCopy } from "~/content/chat";
import { cn } from "~/lib/cn";
import { MessageText } from "./message-text";

/** One message: Emma's on the left, the visitor's on the right (spec §2). */
export function MessageBubble({ type, text, via }: { type: "bot" | "user"; text: string; via?: "voice" }) {
  const mine = type === "user";
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words",
          mine ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-ink-100 text-ink-900",
        )}
      >
        <span className="sr-only">{mine ? chatCopy.you : chatCopy.emma}: </span>
        {via === "voice" ? (
          <span className={cn("mb-1 flex items-center gap-1 text-xs", mine ? "text-brand-100" : "text-ink-600")}>
            <Mic aria-hidden="true" className="h-3 w-3" />
            {chatCopy.spoken}
          </span>
        ) : null}
        <MessageText text={text} />
      </div>
    </li>
  );
}
