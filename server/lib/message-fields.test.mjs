// @vitest-environment node
import { describe, expect, it } from "vitest";
import * as site from "~/config/site";
import * as email from "~/config/email";
import * as chat from "~/content/chat";
import * as contactForm from "~/content/contact-form";
import * as emailMessages from "~/content/email-messages";
import * as formPost from "~/content/form-post";
import * as landing from "~/content/landing";
import * as voiceAssistant from "~/content/voice-assistant";
import * as payload from "~/features/contact/payload";
import { leadPayload, MAX_TRANSCRIPT_BYTES } from "~/features/chat/lead";
import { spamMark } from "~/lib/email/spam-guard";
import { formConfig } from "./form-config.mjs";
import { ALL_FIELDS, FIELD_RULES, intakeParams, MESSAGE_FIELDS, asOneLine, SPAM_MARK } from "./message-fields.mjs";

/** A payload less the spec's recipient, which the server does not keep. */
const withoutRecipient = (params) => Object.fromEntries(Object.entries(params).filter(([k]) => k !== "to_email"));

const config = formConfig({
  contactForm,
  emailMessages,
  landing,
  formPost,
  site,
  email,
  chat,
  voiceAssistant,
});
const options = { subjects: config.subjects, services: config.forms["get-started"].services.map((s) => s.title) };
const service = contactForm.getStartedServices[0];
const contact = payload.contactPayload(
  { firstName: "Anna", lastName: "Berg", email: "anna@firma.se", company: "Berg AB", message: "Hej!\nRing mig." },
  site.site.salesEmail,
);

describe("the known fields of each kind", () => {
  it("are every field the site's own payloads send but the recipient, and the mark of a fast form", () => {
    const getStarted = payload.getStartedPayload(
      { name: "Bo", email: "bo@firma.se", company: "", phone: "070-123 45 67", message: "" },
      service,
      site.site.salesEmail,
    );
    const lead = leadPayload({ name: "Cia", email: "cia@firma.se", phone: "", company: "" }, [], {
      salesEmail: site.site.salesEmail,
      page: "/",
      now: new Date(),
    });
    for (const [kind, params] of /** @type {const} */ ([
      ["contact", contact],
      ["get-started", getStarted],
      ["lead", lead],
    ])) {
      // to_email is the spec's recipient for EmailJS: the server has its own and keeps none.
      const kept = withoutRecipient(params);
      expect(params.to_email, kind).toBe(site.site.salesEmail);
      expect(Object.keys(kept).sort(), kind).toEqual([...MESSAGE_FIELDS[kind]].sort());
      expect(intakeParams(kind, params, options), kind).toEqual({ params: kept });
    }
    expect(spamMark).toEqual(SPAM_MARK);
    expect(new Set(ALL_FIELDS)).toEqual(new Set(Object.values(MESSAGE_FIELDS).flat()));
  });

  it("are bounded no tighter than the forms", () => {
    const limits = contactForm.fieldLimits;
    expect(FIELD_RULES.from_name.max).toBe(2 * limits.name + 1);
    expect(FIELD_RULES.from_email.max).toBe(limits.email);
    expect(FIELD_RULES.company.max).toBe(limits.company);
    expect(FIELD_RULES.phone.max).toBe(limits.phone);
    expect(FIELD_RULES.message.max).toBe(limits.message);
    expect(FIELD_RULES.conversation.max).toBe(MAX_TRANSCRIPT_BYTES);
  });
});

describe("intakeParams", () => {
  it("drops invented field names (issue 43: they became CSV columns)", () => {
    const invented = Object.fromEntries(Array.from({ length: 38 }, (_, i) => [`x_${i}`, "y".repeat(100)]));
    const result = intakeParams("contact", { ...contact, ...invented, __proto__: "p", phone: "070" }, options);
    const kept = withoutRecipient(contact);
    expect(result).toEqual({ params: kept });
  });

  it("builds the subject from the kind, whatever the sender wrote", () => {
    const forged = { ...contact, subject: "Faktura 2026-118 förfaller idag – bekräfta betalning" };
    expect(intakeParams("contact", forged, options)).toMatchObject({
      params: { subject: "Nytt meddelande från Anna Berg" },
    });
    const getStarted = { from_name: "Bo", from_email: "bo@firma.se", selected_service: service.title, subject: "x" };
    expect(intakeParams("get-started", getStarted, options)).toMatchObject({
      params: { subject: `Ny förfrågan för ${service.title}` },
    });
    expect(intakeParams("get-started", { ...getStarted, selected_service: "Betala fakturan" }, options)).toEqual({
      error: "Unknown selected_service",
    });
    expect(intakeParams("lead", { from_name: "Cia", from_email: "cia@firma.se" }, options)).toMatchObject({
      params: { subject: "Nytt lead från Emma: Cia" },
    });
    // Without the build's subjects, no subject is kept at all (the notification has its fallback).
    const withoutSubject = Object.keys(contact).filter((k) => k !== "subject" && k !== "to_email");
    expect(Object.keys(/** @type {any} */ (intakeParams("contact", forged)).params)).toEqual(withoutSubject);
  });

  it("takes one e-mail address, and no line break in a one-line field", () => {
    for (const from_email of ["anna@firma.se, vd@storkund.se", "Kund AB <vd@storkund.se>", "a,vd@storkund.se", ""]) {
      expect(intakeParams("contact", { ...contact, from_email }, options), from_email).toHaveProperty("error");
    }
    for (const from_name of ["Anna\nE-post: vd@storkund.se", "Anna\r\nx", "Anna\u2028x", "Anna\u0085x", "A\u0000"]) {
      expect(intakeParams("contact", { ...contact, from_name }, options)).toEqual({
        error: "The template param from_name must be one line",
      });
    }
    expect(intakeParams("contact", { ...contact, company: "x".repeat(121) }, options)).toEqual({
      error: "The template param company is longer than 120 characters",
    });
    expect(intakeParams("contact", { ...contact, from_name: " " }, options)).toEqual({
      error: "The from_name is required",
    });
    expect(asOneLine("Anna\r\nE-post: vd@storkund.se\u2028x")).toBe("Anna E-post: vd@storkund.se x");
  });

  it("lets a call leave a phone number instead of an address, and keeps the spam mark only as the site sets it", () => {
    expect(intakeParams("samtal", { from_name: "Kim", phone: "070-123 45 67" })).toEqual({
      params: { from_name: "Kim", phone: "070-123 45 67" },
    });
    expect(intakeParams("lead", { from_name: "Kim", phone: "070-123 45 67" })).toHaveProperty("error");
    const lead = { from_name: "Kim", from_email: "kim@firma.se" };
    expect(intakeParams("lead", { ...lead, phone: "ring evil.example" })).toEqual({
      error: "The phone must be a number",
    });
    expect(intakeParams("samtal", { ...lead, phone: "070–123 45 67 ankn. 12" }, { phoneAsSaid: true })).toEqual({
      params: { ...lead, phone: "070–123 45 67 ankn. 12" },
    });
    expect(intakeParams("contact", { ...contact, suspected_spam: "ja" }).params).toMatchObject({
      suspected_spam: "ja",
    });
    expect(intakeParams("contact", { ...contact, suspected_spam: "NEJ\nx" }).params).not.toHaveProperty(
      "suspected_spam",
    );
  });
});
