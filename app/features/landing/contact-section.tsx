import { Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { site, telHref } from "~/config/site";
import { contactCopy } from "~/content/landing";

/** Contact details next to the contact form, which the route passes in. */
export function ContactSection({ form }: { form: ReactNode }) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      className="render-when-near bg-white py-20 [--near-estimate:74rem] sm:[--near-estimate:66rem] lg:[--near-estimate:48rem]"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[1fr_1.4fr]">
        <div>
          <h2 id="contact-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {contactCopy.heading}
          </h2>
          <p className="mt-4 text-lg text-ink-700">{contactCopy.lead}</p>
          <ul className="mt-8 flex flex-col gap-5">
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="h-5 w-5 text-brand-700" />
              <span className="sr-only">{contactCopy.emailLabel}: </span>
              <a href={`mailto:${site.email}`} className="font-medium text-ink-900 underline-offset-4 hover:underline">
                {site.email}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="h-5 w-5 text-brand-700" />
              <span className="sr-only">{contactCopy.phoneLabel}: </span>
              <a href={telHref(site.phone)} className="font-medium text-ink-900 underline-offset-4 hover:underline">
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <MapPin aria-hidden="true" className="h-5 w-5 text-brand-700" />
              <span className="sr-only">{contactCopy.cityLabel}: </span>
              <span className="font-medium">{site.city}</span>
            </li>
          </ul>
        </div>
        {form}
      </div>
    </section>
  );
}
