import { describe, expect, it } from "vitest";
import { MAX_QUESTION_CHARS, removePersonalData } from "#common/personal-data.mjs";

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

  // Issue 43: each way personal data survived before the text was folded.
  it.each([
    [
      "personnummer with an en dash",
      "Mitt personnummer 850312\u20131234 gäller",
      "Mitt personnummer [personnummer] gäller",
    ],
    ["personnummer with U+2010", "pnr 19850312\u20101234", "pnr [personnummer]"],
    ["personnummer with an underscore", "pnr 850312_1234", "pnr [personnummer]"],
    [
      "personnummer in full-width digits",
      "pnr \uff18\uff15\uff10\uff13\uff11\uff12-\uff11\uff12\uff13\uff14",
      "pnr [personnummer]",
    ],
    [
      "personnummer in Arabic-Indic digits",
      "pnr \u0668\u0665\u0660\u0663\u0661\u0662-\u0661\u0662\u0663\u0664",
      "pnr [personnummer]",
    ],
    ["e-mail as (at)", "skriv till anna(at)firma.se tack", "skriv till [e-post] tack"],
    ["e-mail as [at] with spaces", "anna [at] firma.se", "[e-post]"],
    ["e-mail with spaces round @", "skriv till anna @ firma.se tack", "skriv till [e-post] tack"],
    ["e-mail with a full-width @", "anna\uff20firma.se", "[e-post]"],
    ["e-mail with a small @", "anna\ufe6bfirma.se", "[e-post]"],
    ["e-mail in Cyrillic", "пишите анна@фирма.рф сегодня", "пишите [e-post] сегодня"],
    ["e-mail with a quoted local part", 'mejla "anna svensson"@firma.se nu', "mejla [e-post] nu"],
    ["e-mail without a top-level domain", "mejla anna@firma nu", "mejla [e-post] nu"],
    [
      "phone in full-width digits",
      "ring \uff10\uff17\uff16\uff11\uff12\uff13\uff14\uff15\uff16\uff17",
      "ring [telefon]",
    ],
    ["phone with an en dash", "ring 070\u2013123 45 67 i dag", "ring [telefon] i dag"],
    ["phone with an en dash in the middle", "ring 070 123\u201345 67", "ring [telefon]"],
    ["phone with a zero-width space", "ring 076\u200b1234567", "ring [telefon]"],
  ])("folds before matching: %s", (_case, input, expected) => {
    expect(removePersonalData(input)).toBe(expected);
  });

  it("keeps the visitor's own characters where nothing personal is", () => {
    expect(removePersonalData("Hur lång tid tar det, 10\u201320 dagar? \uff21\uff29")).toBe(
      "Hur lång tid tar det, 10\u201320 dagar? \uff21\uff29",
    );
    expect(removePersonalData("Ring 070\u2013123 45 67 om ﬁkat")).toBe("Ring [telefon] om ﬁkat");
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
