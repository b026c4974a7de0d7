import { describe, expect, it } from "vitest";
import { landingServices } from "~/content/services";
import { organizationJsonLd, servicesJsonLd } from "./structured-data";

describe("organizationJsonLd", () => {
  it("describes the company with its contact details and Stockholm address", () => {
    expect(organizationJsonLd()).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Nordlys AI",
      url: "https://www.nordlysai.se/",
      email: "hej@nordlysai.se",
      telephone: "+4681234567",
      address: { "@type": "PostalAddress", addressLocality: "Stockholm", addressCountry: "SE" },
    });
  });
});

describe("servicesJsonLd", () => {
  it("lists the four services, each provided by the organisation", () => {
    const graph = servicesJsonLd(landingServices)["@graph"] as Record<string, unknown>[];
    expect(graph.map((s) => s.name)).toEqual(landingServices.map((s) => s.title));
    for (const s of graph) {
      expect(s["@type"]).toBe("Service");
      expect(s.provider).toEqual({ "@id": organizationJsonLd()["@id"] });
    }
  });
});
