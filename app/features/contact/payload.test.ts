import { describe, expect, it } from "vitest";
import { getStartedServices } from "~/content/contact-form";
import { contactPayload, getStartedPayload } from "./payload";

describe("payloads (spec §3)", () => {
  it("builds the contact form payload, trimmed", () => {
    expect(
      contactPayload(
        {
          firstName: " Anna ",
          lastName: "Berg",
          email: "anna@firma.se ",
          company: "",
          message: " Hej!\nVi vill veta mer. ",
        },
        "salj@example.se",
      ),
    ).toEqual({
      to_email: "salj@example.se",
      from_name: "Anna Berg",
      from_email: "anna@firma.se",
      company: "",
      message: "Hej!\nVi vill veta mer.",
      subject: "Nytt meddelande från Anna Berg",
    });
  });
  it("builds the get-started payload with the service title in the subject", () => {
    const service = getStartedServices[0]!;
    expect(
      getStartedPayload(
        { name: "Erik Ö", email: "e@x.se", company: "Åkeri AB", phone: "070-123 45 67", message: "Ring mig" },
        service,
        "salj@example.se",
      ),
    ).toEqual({
      to_email: "salj@example.se",
      from_name: "Erik Ö",
      from_email: "e@x.se",
      company: "Åkeri AB",
      phone: "070-123 45 67",
      selected_service: "AI-Röstagenter",
      message: "Ring mig",
      subject: "Ny förfrågan för AI-Röstagenter",
    });
  });
});
