import { describe, expect, it } from "vitest";
import { deliveredLaterNotice, deliveryNotice } from "./delivery-notice";

describe("deliveryNotice: one outcome → message mapping for every form", () => {
  it("thanks each kind in its own words (spec §8)", () => {
    expect(deliveryNotice("contact", { status: "sent" })).toEqual({ tone: "success", message: "contactSent" });
    expect(deliveryNotice("get-started", { status: "sent" })).toEqual({ tone: "success", message: "getStartedSent" });
    expect(deliveryNotice("lead", { status: "sent" })).toEqual({ tone: "success", message: "leadSent" });
  });

  it("says a kept message is saved, by why it waits; the lead's is the spec's 'Fel'", () => {
    expect(deliveryNotice("contact", { status: "queued", kind: "rate-limited" })).toEqual({
      tone: "warning",
      message: "queuedRateLimited",
    });
    expect(deliveryNotice("get-started", { status: "queued", kind: "server" }).message).toBe("queuedServer");
    expect(deliveryNotice("contact", { status: "queued", kind: "timeout" }).message).toBe("queuedOffline");
    expect(deliveryNotice("lead", { status: "queued", kind: "server" })).toEqual({
      tone: "error",
      message: "leadQueued",
    });
  });

  it("maps refusals: the block list and headless for the contact forms, one failure for the lead", () => {
    expect(deliveryNotice("contact", { status: "failed", kind: "rejected", detail: "" })).toEqual({
      tone: "error",
      message: "failed",
    });
    expect(deliveryNotice("contact", { status: "failed", kind: "blocked", detail: "" }).message).toBe("blocked");
    expect(deliveryNotice("get-started", { status: "failed", kind: "headless", detail: "" }).message).toBe("headless");
    expect(deliveryNotice("lead", { status: "failed", kind: "blocked", detail: "" })).toEqual({
      tone: "error",
      message: "leadFailed",
    });
  });

  it("'Konfiguration saknas' for a lead with no channel; the contact forms point to the e-mail", () => {
    expect(deliveryNotice("lead", { status: "no-channel" })).toEqual({ tone: "error", message: "leadNoChannel" });
    expect(deliveryNotice("contact", { status: "no-channel" })).toEqual({ tone: "error", message: "noChannel" });
  });

  it("keeps the throttle visible", () => {
    expect(deliveryNotice("lead", { status: "throttled" })).toEqual({ tone: "warning", message: "throttled" });
  });

  it("a queued lead delivered later gets the lead's own message", () => {
    expect(deliveredLaterNotice("lead").message).toBe("leadSent");
    expect(deliveredLaterNotice("contact").message).toBe("deliveredLater");
  });
});
