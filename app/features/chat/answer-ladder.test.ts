import { describe, expect, inject, it } from "vitest";
import { chatCopy, retryIn } from "~/content/chat";
import { cannedReplyGroups } from "~/content/canned-replies";
import { createKnowledgeIndex } from "#common/search.mjs";
import {
  cannedReplyText,
  chooseCanned,
  fallbackReply,
  knowledgeReply,
  onlyAsksForContact,
  siteReplyText,
  withoutGreeting,
  type KnowledgeAnswer,
} from "./answer-ladder";

const siteIndex = createKnowledgeIndex(inject("knowledgeArtifact"));
const hit = { passage: { answer: "Vi finns i Stockholm.", href: "/#contact", linkLabel: "Kontakt" } };
const sure: KnowledgeAnswer = { tier: "sure", hits: [hit] };
const none: KnowledgeAnswer = { tier: "none" };
const fail = (extra: object = {}) => ({ ok: false as const, kind: "rate-limited" as const, partial: "", ...extra });

describe("the canned reply of a message (spec §4, decision 025)", () => {
  it("is the knowledge's pick among the groups whose keywords it has, the first without knowledge", () => {
    const asked: [string, string[]][] = [];
    const rests: string[] = [];
    const knowledge = (pick: string | null, asksAbout = true) => ({
      pickCanned: (q: string, ids: string[]) => (asked.push([q, ids]), pick),
      asksAbout: (rest: string) => (rests.push(rest.trim()), asksAbout),
    });
    const q = "Hej, vad kostar support?";
    expect(chooseCanned(q, cannedReplyGroups, null)?.group).toBe("pricing");
    expect(chooseCanned(q, cannedReplyGroups, knowledge("canned-support"))?.group).toBe("support");
    // The greeting answers only a message with nothing else to answer.
    expect(chooseCanned(q, cannedReplyGroups, knowledge("canned-greeting", false))?.group).toBe("greeting");
    // Without the greeting, the rest is the question, and it is what the knowledge weighs.
    expect(rests).toEqual([", vad kostar support?", ", vad kostar support?"]);
    expect(asked).toEqual([
      [" , vad kostar support?", ["canned-pricing", "canned-support"]],
      [q, ["canned-pricing", "canned-support", "canned-greeting"]],
    ]);
    expect(chooseCanned(q, cannedReplyGroups, knowledge(null))).toBeNull();
    expect(chooseCanned("Var ligger ert kontor?", cannedReplyGroups, knowledge("canned-pricing"))).toBeNull();
  });
  it("answers the questions a browser QA pass found answered by the wrong group or passage", () => {
    const group = (q: string) => chooseCanned(q, cannedReplyGroups, siteIndex)?.group ?? null;
    expect(group("vad kostar en röstagent per månad")).toBe("pricing");
    expect(group("what languages do you support?")).toBe("languages");
    expect(group("Hi, what do you do?")).toBe("capabilities");
    expect(group("Hej, vad gör ni?")).toBe("capabilities");
    expect(group("jag behöver support")).toBe("support");
    // A greeting with a question in it is the question's; a greeting alone, or small talk, is hers.
    expect(group("Hej, jag är journalist. Var har ni ert kontor?")).toBeNull();
    expect(group("hej, kan emma svara i telefon när vi har patienter i stolen?")).toBeNull();
    expect(group("hej!")).toBe("greeting");
    expect(group("hej, hur mår du?")).toBe("greeting");
    expect(group("God morgon! Hur hanterar ni GDPR?")).toBe("security");
    expect(group("god kväll, vad kostar det?")).toBe("pricing");
  });
});

describe("a canned reply in the chat", () => {
  it("names the lead form after a price answer: here, or how to get it", () => {
    const pricing = cannedReplyGroups.find((g) => g.group === "pricing")!;
    expect(cannedReplyText(pricing, true)).toBe(`${pricing.reply}\n\n${chatCopy.replies.leadFormHere}`);
    expect(cannedReplyText(pricing)).toBe(`${pricing.reply}\n\n${chatCopy.replies.leadOffer}`);
    const support = cannedReplyGroups.find((g) => g.group === "support")!;
    expect(cannedReplyText(support, true)).toBe(support.reply);
  });
  it("asks the knowledge without the greeting's words", () => {
    expect(withoutGreeting("God morgon, var ligger ni?", cannedReplyGroups).trim()).toBe(", var ligger ni?");
    expect(withoutGreeting("Vad kostar det?", cannedReplyGroups)).toBe("vad kostar det?");
  });
});

describe("the answer ladder's fallbacks", () => {
  it("answers from the site's content, with a link to where it says so", () => {
    expect(fallbackReply("Var ligger ert kontor?", sure)).toEqual({
      text: "Vi finns i Stockholm.\n\n[Läs mer: Kontakt](/#contact)",
    });
    expect(knowledgeReply(hit)).toContain("](/#contact)");
    // A knowledge answer also wins over a refusal of the site's AI.
    expect(fallbackReply("Var ligger ert kontor?", sure, fail({ limit: "budget", retryAfterS: 60 })).text).toBe(
      knowledgeReply(hit),
    );
  });
  it("names the lead form after an answer about getting in touch: here, or how to get it", () => {
    const lead = { passage: { ...hit.passage, lead: true } };
    expect(knowledgeReply(lead, true)).toContain(chatCopy.replies.leadFormHere);
    expect(knowledgeReply(lead, false)).toContain(chatCopy.replies.leadOffer);
    expect(knowledgeReply(hit, true)).not.toContain("formulär");
  });
  it("unsure: 'Menar du…?' with at most three questions as suggestions", () => {
    const suggestions = ["a", "b", "c", "d"].map((id) => ({ id, question: `Fråga ${id}?` }));
    const reply = fallbackReply("röstgrej natt", { tier: "unsure", suggestions });
    expect(reply.text).toBe(chatCopy.replies.didYouMean);
    expect(reply.suggestions).toEqual(suggestions.slice(0, 3));
  });
  it("says the API-key message only when nothing on the site answers and nothing failed", () => {
    expect(fallbackReply("Vad är meningen med livet?", none).text).toBe(chatCopy.replies.needsKey);
  });
  it("points a visitor who asks for contact at the lead form instead", () => {
    expect(fallbackReply("Ja, kontakta mig gärna", none).text).toBe(chatCopy.replies.leadAck);
  });
  it("knows a message that only asks for contact from one that also asks something", () => {
    const knowledge = { hasTopic: (t: string) => /möte|pris/.test(t) };
    expect(onlyAsksForContact("Ja, kontakta mig gärna", knowledge)).toBe(true);
    expect(onlyAsksForContact("Vi vill veta mer", knowledge)).toBe(true);
    expect(onlyAsksForContact("Hur bokar jag ett möte med er?", knowledge)).toBe(false);
    expect(onlyAsksForContact("Kan ni skicka mer info om priserna?", knowledge)).toBe(false);
    expect(onlyAsksForContact("Var ligger ni?", knowledge)).toBe(false);
  });
  it("says which limit was hit and when to try again", () => {
    expect(fallbackReply("x", none, fail({ limit: "visitor-minute", retryAfterS: 42 })).text).toBe(
      chatCopy.replies.rateLimited("om 42 sekunder"),
    );
    expect(fallbackReply("x", none, fail({ limit: "visitor-day", retryAfterS: 7200 })).text).toContain("om 2 timmar");
    expect(fallbackReply("x", none, fail({ limit: "budget", retryAfterS: 60 })).text).toContain("om en minut");
    expect(fallbackReply("x", none, fail({ kind: "server" })).text).toBe(chatCopy.replies.failed);
  });
  it("formats the wait in Swedish", () => {
    expect(retryIn(1)).toBe("om en sekund");
    expect(retryIn(90)).toBe("om 2 minuter");
    expect(retryIn(3600)).toBe("om en timme");
    expect(retryIn(undefined)).toBe("om en stund");
  });
  it("shows the site's streamed answer, a cut one with a note, or the fallback", () => {
    const fallback = () => ({ text: "fallback" });
    expect(siteReplyText({ ok: true, text: "Svar" }, fallback)).toEqual({ text: "Svar" });
    expect(siteReplyText({ ok: true, text: " " }, fallback)).toEqual({ text: chatCopy.replies.empty });
    expect(siteReplyText({ ok: false, kind: "stream-error", partial: "Halv" }, fallback)).toEqual({
      text: `Halv\n\n${chatCopy.replies.interrupted}`,
    });
    expect(siteReplyText({ ok: false, kind: "aborted", partial: "" }, fallback)).toBeNull();
    expect(siteReplyText({ ok: false, kind: "server", partial: "" }, fallback)).toEqual({ text: "fallback" });
  });
});

describe("what the operator's page hears of a fallback answer (issue 44)", () => {
  it("reports a message that asks for contact as answered (the lead form), never its text as unanswered", async () => {
    const { vi } = await import("vitest");
    const reports = await import("~/lib/insights-report");
    const spy = vi.spyOn(reports, "reportQuestion").mockImplementation(() => {});
    try {
      fallbackReply("ok låter bra, ja tack kontakta mig", none);
      fallbackReply("Vad är meningen med livet?", none);
      expect(spy.mock.calls.map((c) => [c[0], c[1]])).toEqual([
        ["ok låter bra, ja tack kontakta mig", "site"],
        ["Vad är meningen med livet?", "none"],
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});
