import { ArrowDown, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/ui/page-hero";
import { heroCopy } from "~/content/landing";
import { EmmaScene } from "./emma-scene";

export function Hero() {
  return (
    <PageHero
      id="hero-heading"
      size="landing"
      eyebrow={heroCopy.eyebrow}
      heading={heroCopy.heading}
      lead={heroCopy.lead}
      actions={
        <>
          <Link to="/#services" className={buttonClass("secondary", "lg")}>
            {heroCopy.servicesButton}
            <ArrowDown aria-hidden="true" className="h-5 w-5" />
          </Link>
          <Link to="/demo" className={buttonClass("outline", "lg", "text-white")}>
            <PlayCircle aria-hidden="true" className="h-5 w-5" />
            {heroCopy.demoButton}
          </Link>
        </>
      }
      visual={<EmmaScene />}
    />
  );
}
