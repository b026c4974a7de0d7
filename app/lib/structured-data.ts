import { site, telHref } from "~/config/site";

/** schema.org JSON-LD objects, rendered by React Router's `script:ld+json` meta descriptor. */
type JsonLd = Record<string, unknown>;

const organizationId = `${site.url}/#organisation`;

/** The company: name, address, contact details and profiles. On every page. */
export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId,
    name: site.name,
    url: `${site.url}/`,
    logo: `${site.url}/icon-512.png`,
    email: site.email,
    telephone: telHref(site.phone).replace(/^tel:/, ""),
    address: { "@type": "PostalAddress", addressLocality: site.city, addressCountry: "SE" },
    sameAs: site.social.map((s) => s.href),
  };
}

/** What the JSON-LD says of a service (app/content/services.ts has the copy). */
interface ServiceSummary {
  id: string;
  title: string;
  description: string;
}

/** The services the company offers, each pointing at the organisation. On the landing page. */
export function servicesJsonLd(services: readonly ServiceSummary[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@graph": services.map((s) => ({
      "@type": "Service",
      "@id": `${site.url}/#${s.id}`,
      name: s.title,
      description: s.description,
      serviceType: s.title,
      provider: { "@id": organizationId },
      areaServed: { "@type": "Country", name: "Sverige" },
      availableLanguage: "sv",
      url: `${site.url}/#services`,
    })),
  };
}
