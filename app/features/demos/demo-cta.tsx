import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { demoCtaCopy as copy } from "~/content/demos";

/** The way from /demo to the contact section of the landing page. */
export function DemoCta() {
  return (
    <section
      aria-labelledby="demo-cta-heading"
      className="hero-backdrop relative overflow-hidden rounded-2xl p-6 text-white sm:p-8"
    >
      <h2 id="demo-cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {copy.heading}
      </h2>
      <p className="mt-2 text-lg text-brand-100">{copy.text}</p>
      <Link to={copy.href} className={buttonClass("secondary", "lg", "mt-6")}>
        {copy.button}
        <ArrowRight aria-hidden="true" className="h-5 w-5" />
      </Link>
    </section>
  );
}
