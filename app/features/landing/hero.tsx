import { ArrowDown, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { heroCopy } from "~/content/landing";

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-ink-950 via-brand-900 to-ink-900 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-20 sm:py-28">
        <p className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">{heroCopy.eyebrow}</p>
        <h1 id="hero-heading" className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          {heroCopy.heading}
        </h1>
        <p className="max-w-2xl text-lg text-ink-200 sm:text-xl">{heroCopy.lead}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/#services" className={buttonClass("secondary", "lg")}>
            {heroCopy.servicesButton}
            <ArrowDown aria-hidden="true" className="h-5 w-5" />
          </Link>
          <Link to="/demo" className={buttonClass("outline", "lg", "text-white")}>
            <PlayCircle aria-hidden="true" className="h-5 w-5" />
            {heroCopy.demoButton}
          </Link>
        </div>
      </div>
    </section>
  );
}
