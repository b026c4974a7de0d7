import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { quoteRotationMs, quotes } from "~/content/quotes";
import { quotesCopy } from "~/content/landing";
import { cn } from "~/lib/cn";
import { useReducedMotion } from "~/lib/use-reduced-motion";
import { isAutoPlaying, nextIndex } from "./rotation";

export function QuoteCarousel() {
  const [index, setIndex] = useState(0);
  const [userChoice, setUserChoice] = useState<boolean | null>(null);
  const playing = isAutoPlaying(userChoice, useReducedMotion());

  // Keyed on index as well, so a dot click gives the chosen quote a full period.
  useEffect(() => {
    if (!playing) return;
    const id = window.setTimeout(() => setIndex((i) => nextIndex(i, quotes.length)), quoteRotationMs);
    return () => window.clearTimeout(id);
  }, [playing, index]);

  return (
    <section aria-labelledby="quotes-heading" aria-roledescription="karusell" className="bg-white py-20">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h2 id="quotes-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {quotesCopy.heading}
        </h2>
        {/* All quotes share one grid cell, so the box is as tall as the longest: no layout shift. */}
        <div className="mt-10 grid" aria-live={playing ? "off" : "polite"}>
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
        <div className="mt-8 flex flex-wrap items-center justify-center gap-2">
          <button
            type="button"
            onClick={() => setUserChoice(!playing)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-ink-300 text-ink-800 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {playing ? (
              <Pause aria-hidden="true" className="h-5 w-5" />
            ) : (
              <Play aria-hidden="true" className="h-5 w-5" />
            )}
            <span className="sr-only">{playing ? quotesCopy.pause : quotesCopy.play}</span>
          </button>
          <ul className="flex max-w-md flex-wrap justify-center">
            {quotes.map((q, i) => (
              <li key={q.text}>
                <button
                  type="button"
                  aria-label={quotesCopy.pickQuote(i + 1, quotes.length)}
                  aria-current={i === index || undefined}
                  onClick={() => setIndex(i)}
                  className="group inline-flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <span
                    className={cn(
                      "block h-2.5 w-2.5 rounded-full transition-colors",
                      i === index ? "bg-brand-600" : "bg-ink-300 group-hover:bg-ink-500",
                    )}
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
