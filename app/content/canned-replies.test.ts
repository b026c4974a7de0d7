import { describe, expect, it } from "vitest";
import { cannedReply as match } from "~/lib/canned-reply";
import { cannedReplyGroups } from "./canned-replies";

const cannedReply = (text: string) => match(text, cannedReplyGroups);

const examples: Record<string, string> = {
  greeting: "Hej Emma!",
  pricing: "Vad kostar en chattbot?",
  implementation: "Hur lång tid tar det att komma igång?",
  support: "Får vi support efteråt?",
  customization: "Går det att anpassa tonen?",
  languages: "Kan den prata engelska?",
  security: "Följer ni GDPR?",
  weather: "Hur blir vädret i helgen?",
  capabilities: "Vad kan du göra?",
};

describe("cannedReply", () => {
  it("has all nine groups, each matched by an example", () => {
    expect(cannedReplyGroups.map((g) => g.group).sort()).toEqual(Object.keys(examples).sort());
    for (const [group, text] of Object.entries(examples)) {
      expect(cannedReply(text)?.group, text).toBe(group);
    }
  });
  it("says 10–20 days in the implementation reply", () => {
    expect(cannedReply("implementering")?.reply).toContain("10–20 dagar");
  });
  it("matches inflections of stems and Swedish letters", () => {
    expect(cannedReply("PRISERNA?")?.group).toBe("pricing");
    expect(cannedReply("Är det säkert?")?.group).toBe("security");
    expect(cannedReply("Vilka språk stöds?")?.group).toBe("languages");
  });
  it("does not match inside other words", () => {
    expect(cannedReply("Ni verkar hejdlöst bra")).toBeNull(); // not 'hej'
    expect(cannedReply("Jag behöver en osäker lösning")).toBeNull(); // not 'säker'
    expect(cannedReply("Berätta om er historia")).toBeNull();
    expect(cannedReply("Hur fungerar en ehjälpmedel?")).toBeNull();
  });
  it("returns null when nothing matches, so the AI is asked", () => {
    expect(cannedReply("Kan ni bygga en app för lagerhantering?")).toBeNull();
  });
});
