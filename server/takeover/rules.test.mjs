// @vitest-environment node
// The takeover's pure rules: opening hours in Stockholm by the frozen clock, whom to ask, a line's text, the lead.
import { describe, expect, it } from "vitest";
import { nextWeekday, startOfSuite, stockholm, workday } from "../testing/clock.mjs";
import {
  isOpen,
  leadRecord,
  lineText,
  transcriptMail,
  transcriptOf,
  transcriptText,
  typingGate,
  whomToAsk,
} from "./rules.mjs";

const NOW = startOfSuite();

describe("when the team answers", () => {
  it("is open on a working day's hours, closed at 20:00 Stockholm, on a Saturday and on a holiday", () => {
    const day = workday(NOW, 1, "10:00");
    expect(isOpen(day)).toBe(true);
    expect(isOpen(stockholm(day, 0, "15:59"))).toBe(true);
    expect(isOpen(stockholm(day, 0, "16:00"))).toBe(false);
    expect(isOpen(stockholm(day, 0, "20:00"))).toBe(false);
    expect(isOpen(stockholm(day, 0, "08:59"))).toBe(false);
    expect(isOpen(nextWeekday(NOW, 6, "10:00"))).toBe(false);
    expect(isOpen(day, { isHoliday: () => true })).toBe(false);
  });
});

describe("whom to ask first", () => {
  it("asks the lead's owner when online, else the one after the last asked, round robin", () => {
    expect(whomToAsk({ online: ["b", "a", "c"], ownerId: "c", lastAsked: "a" })).toBe("c");
    expect(whomToAsk({ online: ["b", "a", "c"], ownerId: "x", lastAsked: "a" })).toBe("b");
    expect(whomToAsk({ online: ["b", "a", "c"], lastAsked: "c" })).toBe("a");
    expect(whomToAsk({ online: ["b", "a"], lastAsked: null })).toBe("a");
    expect(whomToAsk({ online: [], ownerId: "a" })).toBeNull();
  });
});

describe("a line", () => {
  it("keeps plain text without control characters, refuses empty and over 1000 characters", () => {
    expect(lineText("  Hej\u0000 <b>där</b>\r\nrad två\u202e ")).toEqual({ text: "Hej <b>där</b>\nrad två" });
    expect(lineText(" \u0007 ")).toEqual({ error: "empty" });
    expect(lineText(42)).toEqual({ error: "empty" });
    expect(lineText("å".repeat(1000))).toEqual({ text: "å".repeat(1000) });
    expect(lineText("å".repeat(1001))).toEqual({ error: "too-long" });
  });

  it("takes a transcript of at most 50 visitor and Emma lines", () => {
    expect(
      transcriptOf([
        { author: "visitor", text: "Hej" },
        { author: "emma", text: " " },
      ]),
    ).toEqual({
      lines: [{ author: "visitor", text: "Hej" }],
    });
    expect(transcriptOf([{ author: "agent", text: "Hej" }])).toEqual({ error: "transcript" });
    expect(transcriptOf(Array.from({ length: 51 }, () => ({ author: "visitor", text: "a" })))).toEqual({
      error: "transcript",
    });
    expect(transcriptOf(undefined)).toEqual({ lines: [] });
  });
});

describe("the transcript and the lead", () => {
  const lines = [
    { author: "visitor", text: "Kan jag prata med en människa?" },
    { author: "emma", text: "Jag frågar en säljare." },
    { author: "agent", name: "Sara", text: "Hej, Sara här!" },
    { author: "system", text: "[form:lead]" },
  ];
  it("reads as the inbox shows a chat, without the form markers", () => {
    expect(transcriptText(lines)).toBe(
      "Besökare: Kan jag prata med en människa?\nEmma: Jag frågar en säljare.\nSara: Hej, Sara här!",
    );
  });
  it("is an inbox message of kind conversation, from the visitor or 'Besökare i chatten'", () => {
    const at = workday(NOW, 1, "10:00");
    const anonymous = leadRecord({ lines, reason: "missed", at });
    expect(anonymous).toMatchObject({ kind: "conversation", from_name: "Besökare i chatten", from_email: "" });
    expect(anonymous.params.message).toContain("Besökare: Kan jag prata med en människa?\nEmma:");
    expect(leadRecord({ lines, reason: "closed", at, name: "Anna", email: "anna@example.se" })).toMatchObject({
      from_name: "Anna",
      from_email: "anna@example.se",
    });
    expect(transcriptMail({ lines, to: "anna@example.se" })).toMatchObject({
      to: "anna@example.se",
      subject: "Ditt samtal med Nordlys AI",
    });
  });
});

describe("typing, from either side", () => {
  it("passes one signal a conversation per 2 s, each conversation on its own, and forgets the oldest past 10,000", () => {
    let now = 0;
    const mayType = typingGate(2000, () => now);
    expect([mayType("a"), mayType("a"), mayType("b")]).toEqual([true, false, true]);
    now = 1999;
    expect(mayType("a")).toBe(false);
    now = 2000;
    expect([mayType("a"), mayType("b")]).toEqual([true, true]);
    for (let i = 0; i < 10_000; i++) mayType(`c${i}`);
    // "a" was the oldest: forgotten, so it passes again at once; "c9999" is kept.
    expect([mayType("a"), mayType("c9999")]).toEqual([true, false]);
  });
});
