import { describe, expect, it } from "vitest";
import { isLabel, normalized, sentencesOf, uncoveredSentences, withPageText } from "./page-passages.mjs";

const pages = [
  {
    path: "/demo",
    title: "AI Demo Center",
    sections: [
      {
        heading: "E-post",
        anchor: "email",
        lines: ["E-post", "Ett. Två meningar här! Tre är en fråga? Fyra slutar här.", "Starta demon", "98 %"],
      },
    ],
  },
];

describe("the pages' passages", () => {
  it("cuts sentences at stops, not inside a word or address", () => {
    expect(sentencesOf("Besök www.imy.se idag. Nordlys AI:s villkor gäller!")).toEqual([
      "Besök www.imy.se idag.",
      "Nordlys AI:s villkor gäller!",
    ]);
    expect(normalized("”Den nya\u00a0elektriciteten.” – Andrew")).toBe("den nya elektriciteten - andrew");
    expect([isLabel("Starta demon"), isLabel("98 %"), isLabel("Tre ord här")]).toEqual([true, true, false]);
  });

  it("finds the sentences in no passage, labels aside", () => {
    const written = [{ title: "E-post", answer: "Två meningar här.", text: "Ett. Fyra slutar här" }];
    expect(uncoveredSentences(pages, written).map((m) => m.sentence)).toEqual(["Tre är en fråga?"]);
  });

  it("makes passages of the rest, three sentences at most, its section as the text", () => {
    const { written, added } = withPageText(pages, []);
    expect(written).toEqual([]);
    expect(added.map((s) => [s.id, s.answer, s.href, s.title])).toEqual([
      ["page-demo-1-1", "Två meningar här! Tre är en fråga? Fyra slutar här.", "/demo#email", "E-post"],
    ]);
    expect(added[0]?.text).toContain("Starta demon");
    expect(uncoveredSentences(pages, added)).toEqual([]);
  });

  it("adds the rest to the written passage of the page titled as its heading, keeping its answer", () => {
    const written = [
      { id: "other", title: "E-post", answer: "Annat.", text: "Annat.", href: "/" },
      { id: "email", title: "E-post", answer: "Två meningar här.", text: "Två meningar här.", href: "/demo#email" },
    ];
    const result = withPageText(pages, written);
    expect(result.added).toEqual([]);
    expect(result.written[0]).toBe(written[0]);
    expect(result.written[1]).toEqual({ ...written[1], text: "Två meningar här.\nTre är en fråga? Fyra slutar här." });
    expect(uncoveredSentences(pages, result.written)).toEqual([]);
  });
});
