import { demoCenterCopy } from "~/content/demos";

export function DemoCenterHero() {
  return (
    <section
      aria-labelledby="demo-heading"
      className="bg-gradient-to-br from-ink-950 via-brand-900 to-ink-900 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-16 sm:py-20">
        <p className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">
          {demoCenterCopy.eyebrow}
        </p>
        <h1 id="demo-heading" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {demoCenterCopy.heading}
        </h1>
        <p className="max-w-2xl text-lg text-ink-200">{demoCenterCopy.lead}</p>
      </div>
    </section>
  );
}
