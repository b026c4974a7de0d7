import { HydrateInTurn } from "~/components/ui/hydrate-in-turn";
import { metaFor } from "~/config/page-meta";
import { landingServices } from "~/content/services";
import { AboutSection } from "~/features/landing/about-section";
import { ContactSection } from "~/features/landing/contact-section";
import { Hero } from "~/features/landing/hero";
import { QuoteCarousel } from "~/features/landing/quote-carousel";
import { ServicesSection } from "~/features/landing/services-section";
import { servicesJsonLd } from "~/lib/structured-data";
import { ContactForm } from "~/features/contact/contact-form";
import { VoiceWidget } from "~/features/voice/voice-widget";

export const meta = () => [...metaFor("/"), { "script:ld+json": servicesJsonLd(landingServices) }];

export default function Home() {
  return (
    <>
      <Hero />
      {/* Below the fold on every screen: hydrated one by one after the first pass. */}
      <HydrateInTurn name="services">
        <ServicesSection />
      </HydrateInTurn>
      <HydrateInTurn name="quotes">
        <QuoteCarousel />
      </HydrateInTurn>
      <HydrateInTurn name="about">
        <AboutSection />
      </HydrateInTurn>
      <HydrateInTurn name="contact">
        <ContactSection form={<ContactForm />} />
      </HydrateInTurn>
      <HydrateInTurn name="voice">
        <VoiceWidget />
      </HydrateInTurn>
    </>
  );
}
