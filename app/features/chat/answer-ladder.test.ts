import { describe, expect, it } from "vitest";
import { chatCopy, retryIn } from "~/content/chat";
import { fallbackReply, knowledgeReply, siteReplyText } from "./answer-ladder";

const hit = { passage: { answer: "Vi finns i Stockholm.", href: "/#contact", linkLabel: "Kontakt" } };
const fail = (extra: object = {}) => ({ ok: false as const, kind: "rate-limited" as const, partial: "", ...extra });

describe("the answer ladder's fallbacks", () => {
  it("answers from the site's content, with a link to where it says so", () => {
    expect(fallbackReply("Var ligger ert kontor?", [hit])).toBe(
      "Vi finns i Stockholm.\n\n[Läs mer: Kontakt](/#contact)",
    );
    expect(knowledgeReply(hit)).toContain("](/#contact)");
    // A knowledge answer also wins over a refusal of the site's AI.
    expect(fallbackReply("Var ligger ert kontor?", [hit], fail({ limit: "budget", retryAfterS: 60 }))).toBe(
      knowledgeReply(hit),
    );
  });
  it("says the API-key message only when nothing on the site answers and nothing failed", () => {
    expect(fallbackReply("Vad är meningen med livet?", [])).toBe(chatCopy.replies.needsKey);
  });
  it("points a visitor who asks for contact at the lead form instead", () => {
    expect(fallbackReply("Ja, kontakta mig gärna", [])).toBe(chatCopy.replies.leadAck);
  });
  it("says which limit was hit and when to try again", () => {
    expect(fallbackReply("x", [], fail({ limit: "visitor-minute", retryAfterS: 42 }))).toBe(
      chatCopy.replies.rateLimited("om 42 sekunder"),
    );
    expect(fallbackReply("x", [], fail({ limit: "visitor-day", retryAfterS: 7200 }))).toContain("om 2 timmar");
    expect(fallbackReply("x", [], fail({ limit: "budget", retryAfterS: 60 }))).toContain("om en minut");
    expect(fallbackReply("x", [], fail({ kind: "server" }))).toBe(chatCopy.replies.failed);
  });
  it("formats the wait in Swedish", () => {
    expect(retryIn(1)).toBe("om en sekund");
    expect(retryIn(90)).toBe("om 2 minuter");
    expect(retryIn(3600)).toBe("om en timme");
    expect(retryIn(undefined)).toBe("om en stund");
  });
  it("shows the site's streamed answer, a cut one with a note, or the fallback", () => {
    const fallback = () => "fallback";
    expect(siteReplyText({ ok: true, text: "Svar" }, fallback)).toBe("Svar");
    expect(siteReplyText({ ok: true, text: " " }, fallback)).toBe(chatCopy.replies.empty);
    expect(siteReplyText({ ok: false, kind: "stream-error", partial: "Halv" }, fallback)).toBe(
      `Halv\n\n${chatCopy.replies.interrupted}`,
    );
    expect(siteReplyText({ ok: false, kind: "aborted", partial: "" }, fallback)).toBeNull();
    expect(siteReplyText({ ok: false, kind: "server", partial: "" }, fallback)).toBe("fallback");
  });
});
