import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { SpotArt } from "~/components/illustrations/spot-art";
import { PagePart } from "~/lib/page-part";
import { landingServices, type LandingService } from "~/content/services";
import { servicesCopy } from "~/content/landing";
import { requestWidget } from "~/lib/widget-bus";

const actionClass =
  "mt-auto inline-flex items-center gap-2 pt-4 font-semibold text-brand-700 hover:text-brand-900 " +
  "after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none";

/** The card's call to action. Its ::after covers the card, so the whole card is clickable. */
function CardAction({ service }: { service: LandingService }) {
  const label = (
    <>
      {service.actionLabel}
      <ArrowRight aria-hidden="true" className="h-4 w-4" />
    </>
  );
  switch (service.action) {
    case "automation-demo":
      return (
        <Link to="/automation-demo" className={actionClass}>
          {label}
        </Link>
      );
    case "voice":
    case "chat": {
      const widget = service.action;
      return (
        <button type="button" className={`${actionClass} text-left`} onClick={() => requestWidget(widget)}>
          {label}
        </button>
      );
    }
    case "none":
      // Spec §2: the strategy card does nothing when clicked.
      return <p className="mt-auto pt-4 text-sm text-ink-600">{servicesCopy.noActionNote}</p>;
  }
}

export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-heading" className="mx-auto max-w-6xl px-4 py-20">
      <h2 id="services-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {servicesCopy.heading}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-ink-700">{servicesCopy.lead}</p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {/* Each card hydrated in a turn of its own: the section at once is a task of 7 ms or more. */}
        {landingServices.map((service) => (
          <PagePart key={service.id} name={`service-${service.id}`}>
            <li className="render-when-near relative flex flex-col rounded-2xl border border-ink-200 bg-white p-5 shadow-sm transition-shadow focus-within:ring-3 focus-within:ring-brand-500 hover:shadow-md sm:p-6 [--near-estimate:30rem] sm:[--near-estimate:31rem] lg:[--near-estimate:26rem]">
              <SpotArt name={service.icon} />
              <h3 className="mt-5 text-xl font-semibold">{service.title}</h3>
              <p className="mt-2 text-ink-700">{service.description}</p>
              <ul className="mt-4 flex flex-col gap-2 text-sm text-ink-800">
                {service.features.map((f) => (
                  <li key={f} className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-600" />
                    {f}
                  </li>
                ))}
              </ul>
              <CardAction service={service} />
            </li>
          </PagePart>
        ))}
      </ul>
    </section>
  );
}
