import { metaFor } from "~/config/page-meta";
import { AboutSection } from "~/features/landing/about-section";
import { ContactSection } from "~/features/landing/contact-section";
import { Hero } from "~/features/landing/hero";
import { QuoteCarousel } from "~/features/landing/quote-carousel";
import { ServicesSection } from "~/features/landing/services-section";
import { ContactForm } from "~/features/contact/contact-form";
import { VoiceWidget } from "~/features/voice/voice-widget";

export const meta = () => metaFor("/");

export default function Home() {
  return (
    <>
      <Hero />
      <ServicesSection />
      <QuoteCarousel />
      <AboutSection />
      <ContactSection form={<ContactForm />} />
      <VoiceWidget />
    </>
  );
}
