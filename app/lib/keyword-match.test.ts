import { describe, expect, it } from "vitest";
import { containsAnyKeyword, containsKeyword, keywordTest, withoutKeywords } from "./keyword-match";

describe("containsKeyword", () => {
  it("matches whole words case-insensitively", () => {
    expect(containsKeyword("Hej Emma!", "hej")).toBe(true);
    expect(containsKeyword("HEJ", "hej")).toBe(true);
    expect(containsKeyword("hejdå", "hej")).toBe(false);
  });
  it("treats å, ä and ö as letters, not boundaries", () => {
    expect(containsKeyword("Vad kostar säkerheten?", "säker")).toBe(false);
    expect(containsKeyword("Är det säkert?", "säkert")).toBe(true);
    expect(containsKeyword("påminnelse", "på")).toBe(false);
    expect(containsKeyword("ÄR DET SÄKERT", "säkert")).toBe(true);
  });
  it("matches decomposed å/ä/ö", () => {
    expect(containsKeyword("sa\u0308kert", "säkert")).toBe(true);
  });
  it("allows endings after a stem ending in *", () => {
    expect(containsKeyword("Vad är priset?", "pris*")).toBe(true);
    expect(containsKeyword("ett prisförslag", "pris*")).toBe(true);
    expect(containsKeyword("inspris", "pris*")).toBe(false);
  });
  it("matches phrases across any whitespace", () => {
    expect(containsKeyword("jag vill  veta mer", "vill veta mer")).toBe(true);
    expect(containsKeyword("jag vill veta", "vill veta mer")).toBe(false);
  });
  it("escapes regex characters in keywords", () => {
    expect(containsKeyword("c++ kod", "c++")).toBe(true);
  });
  it("checks any of several keywords", () => {
    expect(containsAnyKeyword("tack, gärna", ["ja", "gärna"])).toBe(true);
    expect(containsAnyKeyword("jag undrar", ["ja", "gärna"])).toBe(false);
  });
});

describe("withoutKeywords", () => {
  it("takes out whole words, a stem's endings and phrases, never part of a word", () => {
    expect(withoutKeywords("Vad är priset?", ["pris*"])).toBe("vad är  ?");
    expect(withoutKeywords("God   morgon, Emma", ["god morgon"])).toBe(" , emma");
    expect(withoutKeywords("this is it", ["hi"])).toBe("this is it");
    expect(withoutKeywords("Hej! Hejsan", ["hej", "hejsan"])).toBe(" !  ");
  });
});

describe("keywordTest", () => {
  it("matches as containsAnyKeyword does, with one pattern for the list", () => {
    const list = ["ja", "gärna", "pris*", "vill veta mer", "c++"];
    const test = keywordTest(list);
    for (const text of [
      "Ja",
      "jag undrar",
      "Vad är priset?",
      "inspris",
      "jag vill  veta mer",
      "c++ kod",
      "GÄRNA!",
      "sa\u0308kert",
    ])
      expect(test(text), text).toBe(containsAnyKeyword(text, list));
    expect(keywordTest([])("ja")).toBe(false);
  });
});
