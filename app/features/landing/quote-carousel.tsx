import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useState, type FocusEvent, type KeyboardEvent } from "react";
import { quoteRotationMs, quotes } from "~/content/quotes";
import { quotesCopy } from "~/content/landing";
import { cn } from "~/lib/cn";
import { useReducedMotion } from "~/lib/use-reduced-motion";
import { isAutoPlaying, keyedIndex, nextIndex, previousIndex } from "./rotation";

const roundButton =
  "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-ink-300 text-ink-800 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-500";

export function QuoteCarousel() {
  const [index, setIndex] = useState(0);
  const [userChoice, setUserChoice] = useState<boolean | null>(null);
  const playing = isAutoPlaying(userChoice, useReducedMotion());
  // A pointer over the carousel or the keyboard on its dots holds it still, so the quote being read
  // and the dot in focus stay the checked one (WAI-ARIA carousel pattern). The button keeps its state.
  const [hovered, setHovered] = useState(false);
  const [dotsInFocus, setDotsInFocus] = useState(false);
  const rotating = playing && !hovered && !dotsInFocus;

  // Keyed on index as well, so a dot click gives the chosen quote a full period.
  useEffect(() => {
    if (!rotating) return;
    const id = window.setTimeout(() => setIndex((i) => nextIndex(i, quotes.length)), quoteRotationMs);
    return () => window.clearTimeout(id);
  }, [rotating, index]);

  const onDotsFocus = (e: FocusEvent<HTMLElement>) => setDotsInFocus(e.target.matches(":focus-visible"));
  const onDotsBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDotsInFocus(false);
  };

  const onDotKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = keyedIndex(e.key, index, quotes.length);
    if (next === null) return;
    e.preventDefault();
    setIndex(next);
    e.currentTarget.parentElement?.querySelectorAll<HTMLElement>("[role=radio]")[next]?.focus();
  };

  return (
    <section
      aria-labelledby="quotes-heading"
      aria-roledescription="karusell"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      className="render-when-near bg-white py-20 [--near-estimate:38rem] sm:[--near-estimate:32rem] lg:[--near-estimate:30rem]"
    >
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h2 id="quotes-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {quotesCopy.heading}
        </h2>
        {/* All quotes share one grid cell, so the box is as tall as the longest: no layout shift. */}
        <div className="mt-10 grid" aria-live={rotating ? "off" : "polite"}>
          {quotes.map((q, i) => (
            <figure
              key={q.text}
              aria-hidden={i !== index}
              data-active={i === index || undefined}
              className={cn(
                "[grid-area:1/1] flex flex-col justify-center transition-opacity duration-500",
                i === index ? "opacity-100" : "invisible opacity-0",
              )}
            >
              <blockquote className="text-2xl font-medium text-balance text-ink-900 sm:text-3xl">
                <p>”{q.text}”</p>
              </blockquote>
              <figcaption className="mt-4 text-ink-700">– {q.author}</figcaption>
            </figure>
          ))}
        </div>
        {/* WAI-ARIA radio group: one Tab stop, arrow keys pick. The dots shrink to one row at 320 px;
            the buttons below step through the same quotes with targets of 44 px (WCAG 2.5.8). */}
        <div
          role="radiogroup"
          aria-label={quotesCopy.pickerLabel}
          onFocusCapture={onDotsFocus}
          onBlurCapture={onDotsBlur}
          className="mx-auto mt-8 flex max-w-[27rem] justify-center"
        >
          {quotes.map((q, i) => (
            <button
              key={q.text}
              type="button"
              role="radio"
              aria-checked={i === index}
              aria-label={quotesCopy.pickQuote(i + 1, quotes.length)}
              tabIndex={i === index ? 0 : -1}
              onClick={() => setIndex(i)}
              onKeyDown={onDotKey}
              className="group flex h-6 max-w-6 min-w-0 flex-1 basis-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span
                className={cn(
                  "block h-2 w-2 rounded-full transition-colors sm:h-2.5 sm:w-2.5",
                  i === index ? "bg-brand-600" : "bg-ink-300 group-hover:bg-ink-500",
                )}
              />
            </button>
          ))}
        </div>
        <div className="mt-4 flex items-center justify-center gap-3">
          <button type="button" onClick={() => setIndex(previousIndex(index, quotes.length))} className={roundButton}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            <span className="sr-only">{quotesCopy.previous}</span>
          </button>
          <button type="button" onClick={() => setUserChoice(!playing)} className={roundButton}>
            {playing ? (
              <Pause aria-hidden="true" className="h-5 w-5" />
            ) : (
              <Play aria-hidden="true" className="h-5 w-5" />
            )}
            <span className="sr-only">{playing ? quotesCopy.pause : quotesCopy.play}</span>
          </button>
          <button type="button" onClick={() => setIndex(nextIndex(index, quotes.length))} className={roundButton}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
            <span className="sr-only">{quotesCopy.next}</span>
          </button>
        </div>
      </div>
    </section>
  );
}
