import { describe, expect, it } from "vitest";
import { MAX_QUESTION_CHARS, removePersonalData } from "./personal-data.mjs";

describe("removePersonalData", () => {
  it.each([
    ["Mejla mig på anna.svensson+ai@foretag.se tack", "Mejla mig på [e-post] tack"],
    ["ANNA@EXEMPEL.COM, eller bo@x.io.", "[e-post], eller [e-post]."],
    ["Ring 070-123 45 67 i dag", "Ring [telefon] i dag"],
    ["Mitt nummer är +46 70 123 45 67.", "Mitt nummer är [telefon]."],
    ["växeln 08-12 34 56, eller 0046 8 123 456 78", "växeln [telefon], eller [telefon]"],
    ["(08) 123 456 78", "[telefon]"],
    ["Mitt personnummer är 19850312-1234", "Mitt personnummer är [personnummer]"],
    [
      "850312-1234 och 8503121234 och 198503121234 och 850372+1234",
      "[personnummer] och [personnummer] och [personnummer] och [personnummer]",
    ],
  ])("%s", (input, expected) => {
    expect(removePersonalData(input)).toBe(expected);
  });

  it("keeps what is not personal: prices, years, durations and plain questions", () => {
    for (const text of [
      "Vad kostar en chattbot för 50 000 kr?",
      "Kan ni leverera 2025 eller 2026?",
      "Hur lång tid tar det, 10–20 dagar?",
      "Fungerar det med GPT-4 och version 1.2.3?",
      "Vad är ert organisationsnummer?",
    ]) {
      expect(removePersonalData(text)).toBe(text);
    }
  });

  it("turns control characters and runs of spaces into one space, and bounds the length", () => {
    expect(removePersonalData("  hej\u0000\u202e\n\n  där\t ")).toBe("hej där");
    const long = removePersonalData("å".repeat(MAX_QUESTION_CHARS + 50));
    expect([...long]).toHaveLength(MAX_QUESTION_CHARS);
    expect(removePersonalData(undefined as unknown as string)).toBe("");
  });
});
