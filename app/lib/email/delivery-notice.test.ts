import { describe, expect, it } from "vitest";
import { deliveredLaterNotice, deliveryNotice } from "./delivery-notice";

describe("deliveryNotice: one outcome → message mapping for every form", () => {
  it("thanks each kind in its own words (spec §8)", () => {
    expect(deliveryNotice("contact", { status: "sent" })).toEqual({
      tone: "success",
      title: "Tack för ditt meddelande!",
      description: "Vi kontaktar dig inom kort.",
    });
    expect(deliveryNotice("getStarted", { status: "sent" })).toMatchObject({ title: "Tack för din förfrågan!" });
    expect(deliveryNotice("lead", { status: "sent" })).toEqual({
      tone: "success",
      title: "Tack!",
      description: "Dina uppgifter har skickats till vårt team. Vi hör av oss snart!",
    });
  });

  it("says a kept message is saved, by why it waits", () => {
    expect(deliveryNotice("contact", { status: "queued", kind: "rate-limited" })).toMatchObject({
      tone: "warning",
      description: expect.stringContaining("För många meddelanden"),
    });
    expect(deliveryNotice("getStarted", { status: "queued", kind: "server" })).toMatchObject({
      description: expect.stringContaining("svarar inte just nu"),
    });
    expect(deliveryNotice("contact", { status: "queued", kind: "network" })).toMatchObject({
      description: expect.stringContaining("Ingen anslutning"),
    });
    expect(deliveryNotice("lead", { status: "queued", kind: "server" })).toMatchObject({
      tone: "error",
      title: "Fel",
      description: expect.stringContaining("sparade"),
    });
  });

  it("maps refusals: the spec's failure toasts, the block list and headless for the contact forms", () => {
    expect(deliveryNotice("contact", { status: "failed", kind: "rejected", detail: "" })).toMatchObject({
      tone: "error",
      title: "Något gick fel",
      description: expect.stringContaining("Försök igen eller kontakta oss direkt"),
    });
    expect(deliveryNotice("contact", { status: "failed", kind: "blocked", detail: "" }).description).toContain(
      "stoppade meddelandet",
    );
    expect(deliveryNotice("getStarted", { status: "failed", kind: "headless", detail: "" }).description).toContain(
      "webbläsaren",
    );
    expect(deliveryNotice("lead", { status: "failed", kind: "blocked", detail: "" })).toEqual({
      tone: "error",
      title: "Fel",
      description: "Kunde inte skicka meddelandet. Försök igen senare.",
    });
  });

  it("'Konfiguration saknas' for a lead with no channel; the contact forms point to the e-mail", () => {
    expect(deliveryNotice("lead", { status: "no-channel" })).toEqual({
      tone: "error",
      title: "Konfiguration saknas",
      description: "Vänligen konfigurera EmailJS-inställningar först.",
    });
    expect(deliveryNotice("contact", { status: "no-channel" })).toMatchObject({
      tone: "error",
      description: expect.stringContaining("Kontakta oss direkt"),
    });
  });

  it("keeps the throttle visible", () => {
    expect(deliveryNotice("lead", { status: "throttled" })).toMatchObject({ tone: "warning", title: "Vänta en stund" });
  });

  it("a queued lead delivered later gets the lead's own message", () => {
    expect(deliveredLaterNotice("lead")).toMatchObject({ title: "Tack!" });
    expect(deliveredLaterNotice("contact")).toMatchObject({ title: "Meddelandet har skickats" });
  });
});
