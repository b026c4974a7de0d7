import { describe, expect, it } from "vitest";
import { compactQuestions, unanswered } from "#common/compact.mjs";
import type { KnowledgeArtifact, Passage } from "#common/passage";
import { createKnowledgeIndex, OFF_TOPIC } from "#common/search.mjs";

// The rules of decision 029 on a made-up site, where each figure can be told apart.
const passage = (id: string, title: string, text: string, examples?: string): Passage => ({
  id,
  title,
  text,
  keywords: "",
  href: `/${id}`,
  linkLabel: title,
  answer: text,
  question: `${title}?`,
  // Stored as the build stores them: stems without stop words (decision 031).
  ...(examples ? { examples: compactQuestions(examples.split("|")) } : {}),
});

const site = (passages: Passage[], offTopic = ""): Omit<KnowledgeArtifact, "everydayTerms"> => ({
  version: 3,
  passages,
  offTopic: compactQuestions(offTopic.split("|")),
  synonyms: [],
  fillers: [],
});

const bakery = site(
  [
    passage("bread", "Bröd", "Vi bakar surdegsbröd och limpor varje morgon."),
    passage("cakes", "Tårtor", "Tårtor beställs två dagar i förväg.", "bröllopstårta|tårta födelsedag barn"),
    passage("hours", "Öppettider", "Butiken har öppet vardagar sju till sex."),
  ],
  "parkering|väder imorgon",
);
const index = createKnowledgeIndex({ ...bakery, everydayTerms: "" });
const confidenceOf = (q: string, id: string) =>
  index.search(q, { all: true, limit: 10 }).find((h) => h.passage.id === id)?.confidence ?? -Infinity;

describe("the index of one document per example (decision 029)", () => {
  it("answers a question asked as an example, and nothing for one asked as an off-topic example", () => {
    const cake = index.answer("Bröllopstårta?");
    expect(cake.tier === "sure" && cake.hits[0]).toMatchObject({ passage: { id: "cakes" }, confidence: Infinity });
    // Inflected, it is the same example as "tårta födelsedag barn".
    const birthday = index.answer("tårta till födelsedagen för barnen");
    expect(birthday.tier === "sure" && birthday.hits[0]?.confidence).toBe(Infinity);
    expect(index.answer("parkering").tier).toBe("none");
    // Only like an off-topic example, and like no passage: nothing either.
    expect(index.answer("parkering vid butiken imorgon?").tier).toBe("none");
    expect(index.rank("väder imorgon").map((p) => p.id)).not.toContain(OFF_TOPIC);
  });

  it("weighs an example's words that the question lacks against it", () => {
    // "tårta idag" meets the examples "tårta" and "tårta födelsedag barn" alike; the latter has more.
    const withExample = (example: string) =>
      createKnowledgeIndex({
        ...site([passage("cakes", "Beställning", "Beställ i förväg.", example)]),
        everydayTerms: "",
      }).search("tårta idag", { all: true })[0];
    const short = withExample("tårta");
    const longer = withExample("tårta födelsedag barn");
    expect(short?.coverage).toBeGreaterThan(0);
    expect(longer?.coverage).toBe(short?.coverage);
    expect(longer?.confidence).toBeLessThan(short?.confidence ?? 0);
  });

  it("answers a clear best passage below SURE, and suggests when two are close", () => {
    // "surdegsbröd" is on one passage only: clear. "tårtor morgon" meets two passages alike.
    expect(confidenceOf("surdegsbröd", "bread")).toBeGreaterThanOrEqual(0.8);
    const clear = index.answer("surdegsbröd");
    expect(clear.tier === "sure" && clear.hits.map((h) => h.passage.id)).toEqual(["bread"]);
    const close = index.answer("tårtor eller bröd på morgonen");
    expect(close.tier).toBe("unsure");
    if (close.tier === "unsure")
      expect(close.suggestions.map((p) => p.id)).toEqual(expect.arrayContaining(["bread", "cakes"]));
  });

  it("suggests for a long question on less evidence than for a short one (decision 030)", () => {
    // Seven topic words and 0.36: nothing. Eight (one more, "nya"), though only 0.26: suggested.
    const need = (extra: string) =>
      `vi bakar själva men behöver surdegsbröd och limpor till personalen varje morgon på ${extra}kontoret i stan`;
    expect(confidenceOf(need(""), "bread")).toBeGreaterThan(confidenceOf(need("nya "), "bread"));
    expect(confidenceOf(need(""), "bread")).toBeLessThan(0.45);
    expect(index.answer(need("")).tier).toBe("none");
    const long = index.answer(need("nya "));
    expect(long.tier === "unsure" && long.suggestions[0]?.id).toBe("bread");
  });

  it("reads a passage's shown answer, not the page's full text, which only the site's AI gets (decision 030)", () => {
    const shown = createKnowledgeIndex({
      ...site([{ ...passage("buns", "Bullar", "Kanelbullar och vetelängder."), text: "Bullar med kardemumma." }]),
      everydayTerms: "",
    });
    expect(shown.search("kanelbullar", { all: true })[0]?.passage.id).toBe("buns");
    expect(shown.search("kardemumma", { all: true })).toEqual([]);
  });

  it("takes a passage id with '#' as a passage, never as an example", () => {
    const odd = createKnowledgeIndex({
      ...site([passage("a", "Alfa", "Alfa text.", "första exempel"), passage("a#0", "Beta", "Beta text.")]),
      everydayTerms: "",
    });
    expect(odd.search("beta", { all: true })[0]?.passage.id).toBe("a#0");
    expect(odd.search("första exempel", { all: true })[0]?.passage.id).toBe("a");
  });
});

describe("which examples the build keeps (decision 029)", () => {
  it("keeps only the examples that the index without them does not answer as judged", () => {
    const kept = unanswered(
      site(bakery.passages.map(({ examples: _, ...p }) => p)),
      [],
    )(
      [
        ["surdegsbröd", "bread"], // the text answers it
        ["bröllopstårta", "cakes"], // no word of the text
        ["limpor", "hours"], // the text answers it, but with another passage
        ["recept kanelbullar", OFF_TOPIC], // nothing on the site: left alone already
        ["öppet", OFF_TOPIC], // the site has a passage for it
      ].map(([q, target]) => [compactQuestions([q ?? ""]), target ?? "", q ?? ""] as [string, string, string]),
    );
    expect(kept.map(([, target, q]) => [q, target])).toEqual([
      ["bröllopstårta", "cakes"],
      ["limpor", "hours"],
      ["öppet", OFF_TOPIC],
    ]);
  });
});

describe("a canned group's passage against one that names the topic (decision 031)", () => {
  it("yields to a sure passage that covers the question as well with a far better score", () => {
    const privacy = createKnowledgeIndex({
      ...site([
        ...bakery.passages,
        passage("security", "Säkerhet", "Säkerhet och dataskydd: personuppgiftsansvarig för kunddata, lagring i EU."),
        passage("controller", "Personuppgiftsansvarig", "Personuppgiftsansvarig för kunddata är Nordlys AI AB."),
        passage("contact", "Kontakt", "Ring eller mejla oss."),
      ]),
      everydayTerms: "",
    });
    // Both cover "personuppgiftsansvarig"; the one whose title it is scores far higher.
    expect(privacy.pickCanned("vem är personuppgiftsansvarig för kunddata", ["security"])).toBeNull();
    expect(privacy.pickCanned("säkerhet och dataskydd", ["security"])).toBe("security");
  });
});
