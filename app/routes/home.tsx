import { PagePart } from "~/lib/page-part";
import { metaFor } from "~/lib/meta";
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
      {/* First in <main>: the voice button is among the first Tab stops (it floats, so it takes no room). */}
      <PagePart name="voice">
        <VoiceWidget />
      </PagePart>
      <Hero />
      {/* Below the fold on every screen: hydrated one by one after the first pass. */}
      <PagePart name="services">
        <ServicesSection />
      </PagePart>
      <PagePart name="quotes">
        <QuoteCarousel />
      </PagePart>
      <PagePart name="about">
        <AboutSection />
      </PagePart>
      <PagePart name="contact">
        <ContactSection form={<ContactForm />} />
      </PagePart>
    </>
  );
}
