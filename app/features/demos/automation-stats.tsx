import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { automationDemoCopy as copy, automationStats } from "~/content/demos";

/** The static marketing figures (spec §9) and the way to book a meeting. */
export function AutomationStats() {
  return (
    <section
      aria-labelledby="automation-stats-heading"
      className="render-when-near mx-auto max-w-6xl px-4 pb-20 [--near-estimate:100rem] sm:[--near-estimate:68rem] lg:[--near-estimate:48rem]"
    >
      <h2 id="automation-stats-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {copy.statsHeading}
      </h2>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {automationStats.map((s) => (
          <div
            key={s.label}
            className="flex flex-col-reverse justify-end rounded-2xl border border-ink-200 bg-white p-5 shadow-sm"
          >
            <dt className="mt-1 text-ink-700">{s.label}</dt>
            <dd className="text-3xl font-extrabold text-brand-700">{s.value}</dd>
          </div>
        ))}
      </dl>
      <div className="hero-backdrop relative mt-10 overflow-hidden rounded-2xl p-6 text-white sm:p-8">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{copy.ctaHeading}</h2>
        <p className="mt-2 text-lg text-brand-100">{copy.ctaText}</p>
        <Link to={copy.ctaHref} className={buttonClass("secondary", "lg", "mt-6")}>
          {copy.cta}
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      </div>
    </section>
  );
}
