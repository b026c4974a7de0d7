import { automationDemoCopy as copy } from "~/content/demos";

export function AutomationDemoHero() {
  return (
    <section
      aria-labelledby="automation-demo-heading"
      className="bg-gradient-to-br from-ink-950 via-brand-900 to-ink-900 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-14 sm:py-16">
        <p className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">{copy.eyebrow}</p>
        <h1 id="automation-demo-heading" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {copy.heading}
        </h1>
        <p className="max-w-3xl text-lg text-ink-200">{copy.lead}</p>
      </div>
    </section>
  );
}
