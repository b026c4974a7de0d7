import { ChartColumn, Mail, MessageSquare, Mic } from "lucide-react";
import { demoCenterCopy, demoFeatures } from "~/content/demos";

const icons = { message: MessageSquare, mic: Mic, mail: Mail, chart: ChartColumn } as const;

/** The four feature cards at the top of /demo. */
export function DemoFeatures() {
  return (
    <section aria-labelledby="demo-features-heading">
      <h2 id="demo-features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {demoCenterCopy.featuresHeading}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {demoFeatures.map((feature) => {
          const Icon = icons[feature.icon];
          return (
            <li key={feature.title} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-accent-600 text-white">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h3 className="mt-3 text-lg font-semibold">{feature.title}</h3>
              <p className="mt-1 text-ink-700">{feature.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
