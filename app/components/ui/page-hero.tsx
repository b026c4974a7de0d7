import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export interface PageHeroProps {
  /** The heading's id, which the section is labelled by. */
  id: string;
  eyebrow: string;
  heading: string;
  lead: string;
  /** The landing page's hero is taller and has the larger heading. */
  size?: "landing" | "page";
  actions?: ReactNode;
  /** Decorative scene beside the text from lg up; below the actions on narrower screens. */
  visual?: ReactNode;
}

/** The dark band that opens every page: eyebrow, heading, lead, optional actions and visual. */
export function PageHero({ id, eyebrow, heading, lead, size = "page", actions, visual }: PageHeroProps) {
  const landing = size === "landing";
  return (
    <section aria-labelledby={id} className="hero-backdrop relative overflow-hidden text-white">
      <div
        className={cn(
          "relative mx-auto grid max-w-6xl gap-10 px-4",
          landing ? "py-16 sm:py-24 lg:py-28" : "py-14 sm:py-20",
          visual != null && "lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)] lg:items-center lg:gap-12",
        )}
      >
        <div className="flex min-w-0 flex-col items-start gap-5">
          <p className="rounded-full border border-white/15 bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">
            {eyebrow}
          </p>
          <h1
            id={id}
            className={cn(
              "font-extrabold tracking-tight text-balance",
              landing ? "max-w-3xl text-4xl sm:text-6xl" : "text-4xl sm:text-5xl",
            )}
          >
            {heading}
          </h1>
          <p className={cn("max-w-2xl text-lg text-ink-200", landing && "sm:text-xl")}>{lead}</p>
          {actions != null && <div className="mt-1 flex flex-wrap gap-3">{actions}</div>}
        </div>
        {visual != null && <div className="min-w-0">{visual}</div>}
      </div>
    </section>
  );
}
