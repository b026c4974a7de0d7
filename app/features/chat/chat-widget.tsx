import { Loader2, MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { chatWords } from "~/content/chat-words";
import { cn } from "~/lib/cn";
import { floatingPlacement, revealFocusedTextAreas } from "~/lib/floating-placement";
import { loopTarget, tabStops } from "~/lib/focus-loop";
import { onWidgetRequest } from "~/lib/widget-bus";

const loadPanel = () => import("./chat-panel");
const ChatPanel = lazy(loadPanel);

/** The chat launcher, in the initial bundle; the panel loads on hover, focus or the first open. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadPanel();

  useEffect(() => onWidgetRequest("chat", () => setOpen(true)), []);
  // The launcher floats over every page: no focused text area rests under it.
  useEffect(() => revealFocusedTextAreas(), []);

  function close() {
    setOpen(false);
    launcher.current?.focus();
  }

  // While open, the panel and its launcher are one Tab loop: the header's buttons come after the
  // launcher, not after the rest of the page. Esc leaves it.
  const widget = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = widget.current;
    if (!open || !el) return;
    const onKeyDown = (e: KeyboardEvent) => {
      // The effect's cleanup runs after paint: a Tab right after closing must not loop any more.
      if (e.key !== "Tab" || !el.querySelector('[role="dialog"]')) return;
      const target = loopTarget(tabStops(el), document.activeElement, e.shiftKey);
      if (!target) return;
      e.preventDefault();
      target.focus();
    };
    el.addEventListener("keydown", onKeyDown);
    return () => el.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <div ref={widget} className="contents">
      {open ? (
        <Suspense
          fallback={
            <div
              className={cn(
                floatingPlacement.chatPanel,
                "flex h-20 w-72 max-w-[calc(100vw-2rem)] items-center justify-center rounded-2xl bg-white shadow-2xl sm:w-80",
              )}
            >
              <Loader2 aria-hidden="true" className="h-6 w-6 animate-spin text-brand-600" />
            </div>
          }
        >
          <ChatPanel onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={launcher}
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => (open ? close() : setOpen(true))}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className={cn(
          floatingPlacement.chatLauncher,
          "inline-flex h-14 w-14 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-accent-600 text-white shadow-lg",
          "hover:scale-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 motion-reduce:hover:scale-100",
        )}
      >
        {open ? <X aria-hidden="true" className="h-6 w-6" /> : <MessageCircle aria-hidden="true" className="h-6 w-6" />}
        <span className="sr-only">{open ? chatWords.launcherClose : chatWords.launcherOpen}</span>
      </button>
    </div>
  );
}
