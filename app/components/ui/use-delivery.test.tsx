// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const deliver = vi.fn();
const target = vi.fn();
const shown: { tone: string; title: string; description?: string }[] = [];

vi.mock("~/lib/email/site-outbox", () => ({
  siteOutbox: { deliver: (...a: unknown[]) => deliver(...a), subscribe: () => () => {}, pending: () => [] },
}));
vi.mock("~/lib/email/channel", () => ({ messageTarget: (...a: unknown[]) => target(...a) }));
vi.mock("~/components/ui/toast", () => {
  const at = (tone: string) => (title: string, d?: { description?: string }) =>
    shown.push({ tone, title, description: d?.description });
  return { toast: { success: at("success"), warning: at("warning"), error: at("error") } };
});

const { useDelivery } = await import("./use-delivery");
const inbox = {
  origin: "http://site",
  publicKey: "local-inbox",
  serviceId: "local_inbox",
  templateId: "template_lead",
};
const params = { from_email: "sara@ek.se", subject: "Nytt lead från Emma: Sara" };

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  shown.length = 0;
  deliver.mockReset();
  target.mockReset().mockResolvedValue(inbox);
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

async function send(kind: "lead" | "contact", input: { honeypot?: string; after?: number } = {}) {
  const { result } = renderHook(() => useDelivery(kind));
  vi.advanceTimersByTime(input.after ?? 3000);
  let status = "";
  await act(async () => {
    status = await result.current.deliver({ params, honeypot: input.honeypot ?? "" });
  });
  return status;
}

describe("useDelivery: the one delivery hook", () => {
  it("sends through the outbox and thanks in the kind's words", async () => {
    deliver.mockResolvedValue({ status: "sent" });
    expect(await send("lead")).toBe("sent");
    expect(deliver).toHaveBeenCalledWith("lead", inbox, params);
    expect(shown).toEqual([
      {
        tone: "success",
        title: "Tack!",
        description: "Dina uppgifter har skickats till vårt team. Vi hör av oss snart!",
      },
    ]);
  });

  it("delivers a submit faster than the minimum fill time, marked; drops only a filled honeypot", async () => {
    deliver.mockResolvedValue({ status: "sent" });
    expect(await send("contact", { after: 100 })).toBe("sent");
    expect(deliver).toHaveBeenCalledWith("contact", inbox, {
      ...params,
      suspected_spam: "ja",
    });
    deliver.mockClear();
    expect(await send("contact", { honeypot: "http://spam" })).toBe("sent");
    expect(deliver).not.toHaveBeenCalled();
  });

  it("'Konfiguration saknas' for a lead with no channel, nothing sent", async () => {
    target.mockResolvedValue(null);
    expect(await send("lead")).toBe("no-channel");
    expect(deliver).not.toHaveBeenCalled();
    expect(shown[0]).toMatchObject({ tone: "error", title: "Konfiguration saknas" });
  });

  it("a kept message clears the form; a refused one keeps it", async () => {
    deliver.mockResolvedValueOnce({ status: "queued", kind: "rate-limited" });
    expect(await send("contact")).toBe("queued");
    expect(shown[0]).toMatchObject({ tone: "warning", description: expect.stringContaining("sparat") });
    deliver.mockResolvedValueOnce({ status: "failed", kind: "rejected", detail: "" });
    expect(await send("lead")).toBe("failed");
    expect(shown[1]).toMatchObject({ tone: "error", title: "Fel" });
  });

  it("keeps the throttle visible after three sends in ten minutes", async () => {
    deliver.mockResolvedValue({ status: "sent" });
    for (let i = 0; i < 3; i++) expect(await send("contact")).toBe("sent");
    expect(await send("contact")).toBe("throttled");
    expect(shown.at(-1)).toMatchObject({ tone: "warning", title: "Vänta en stund" });
    expect(deliver).toHaveBeenCalledTimes(3);
  });
});

describe("the delivery messages in Swedish (spec §8)", () => {
  it("words every message the mapping can pick", async () => {
    const { deliveryMessages } = await import("~/content/email-messages");
    expect(deliveryMessages.leadNoChannel).toEqual({
      title: "Konfiguration saknas",
      description: "Vänligen konfigurera EmailJS-inställningar först.",
    });
    expect(deliveryMessages.leadFailed).toEqual({
      title: "Fel",
      description: "Kunde inte skicka meddelandet. Försök igen senare.",
    });
    expect(deliveryMessages.contactSent).toEqual({
      title: "Tack för ditt meddelande!",
      description: "Vi kontaktar dig inom kort.",
    });
    expect(deliveryMessages.getStartedSent.title).toBe("Tack för din förfrågan!");
    expect(deliveryMessages.failed.title).toBe("Något gick fel");
  });
});
