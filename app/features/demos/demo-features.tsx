import { SpotArt } from "~/components/illustrations/spot-art";
import { demoCenterCopy, demoFeatures } from "~/content/demos";

/** The four feature cards at the top of /demo. */
export function DemoFeatures() {
  return (
    <section aria-labelledby="demo-features-heading">
      <h2 id="demo-features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {demoCenterCopy.featuresHeading}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {demoFeatures.map((feature) => (
          <li key={feature.title} className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm">
            <SpotArt name={feature.icon} className="h-24" />
            <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
            <p className="mt-1 text-ink-700">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
