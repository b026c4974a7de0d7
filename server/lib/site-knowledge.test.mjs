import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createKnowledgeIndex } from "#common/search.mjs";
import { ASSISTANT_FILE, loadKnowledgeArtifact, splitArtifact } from "./site-knowledge.mjs";

const artifact = {
  version: 3,
  persona: "Du är Emma.",
  referenceNote: "Referenstext.",
  facts: "Nordlys AI, Stockholm.",
  passages: [
    {
      id: "contact",
      title: "Kontakta oss",
      text: "Vi finns i Stockholm. E-post hej@nordlysai.se.",
      keywords: "",
      href: "/#contact",
      linkLabel: "Kontakt",
      answer: "Vi finns i Stockholm.",
      question: "Var finns ni?",
      examples: "kontor|sitt",
    },
  ],
  synonyms: [],
  fillers: [],
};

describe("the artifact as the build writes it (decision 030)", () => {
  it("keeps the pages' full text out of knowledge.json, and the server reads it back beside it", () => {
    const build = mkdtempSync(join(tmpdir(), "knowledge-"));
    const client = join(build, "client");
    mkdirSync(client);
    const { knowledge, assistant } = splitArtifact(artifact);
    writeFileSync(join(client, "knowledge.json"), JSON.stringify(knowledge));
    writeFileSync(join(build, ASSISTANT_FILE), JSON.stringify(assistant));

    const served = readFileSync(join(client, "knowledge.json"), "utf8");
    expect(served).not.toContain("hej@nordlysai.se");
    expect(served).not.toContain("Du är Emma");
    // The examples apart from their passages, in the passages' order: gzip finds more in them together.
    expect(JSON.parse(served).passages[0]).toEqual({ ...artifact.passages[0], text: undefined, examples: undefined });
    expect(JSON.parse(served).examplesByPassage).toEqual(["kontor|sitt"]);
    expect(loadKnowledgeArtifact(client)).toEqual(artifact);
  });

  it("falls back to the answer for a passage the server has no text for (an older assistant.json)", () => {
    const build = mkdtempSync(join(tmpdir(), "knowledge-"));
    const client = join(build, "client");
    mkdirSync(client);
    writeFileSync(join(client, "knowledge.json"), JSON.stringify(splitArtifact(artifact).knowledge));
    writeFileSync(join(build, ASSISTANT_FILE), JSON.stringify({ persona: "Du är Emma." }));
    expect(loadKnowledgeArtifact(client).passages[0]?.text).toBe("Vi finns i Stockholm.");
  });

  it("answers as the browser reads knowledge.json, examples apart, as with them in their passages", () => {
    const served = JSON.parse(JSON.stringify(splitArtifact(artifact).knowledge));
    const [whole, apart] = [artifact, served].map((a) => {
      const answer = createKnowledgeIndex(a).answer("var sitter ni?");
      return answer.tier === "sure" && answer.hits.map((h) => [h.passage.id, h.confidence]);
    });
    // Asked as the example "sitt" (stems: decision 031): found by its key, not by a word of the text.
    expect(whole).toEqual([["contact", Infinity]]);
    expect(apart).toEqual(whole);
  });
});
