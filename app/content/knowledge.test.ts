import { describe, expect, it } from "vitest";
import { createKnowledgeIndex } from "~/lib/knowledge/search.mjs";
import { faq } from "./faq";
import { firstSentences, knowledgeArtifact } from "./knowledge";
import { offTopic, questions } from "./knowledge-questions";

const index = createKnowledgeIndex(knowledgeArtifact());

describe("knowledge retrieval (the question set)", () => {
  it("finds the right page for the site's questions, and nothing for off-topic ones", () => {
    let hit1 = 0;
    let hit3 = 0;
    const misses: string[] = [];
    for (const [question, ...pages] of questions) {
      const hits = index.search(question, { limit: 3 });
      if (hits[0] && pages.includes(hits[0].passage.href)) hit1++;
      else misses.push(`${question} → ${hits[0]?.passage.id ?? "nothing"}`);
      if (hits.some((h) => pages.includes(h.passage.href))) hit3++;
    }
    const falseHits = offTopic.filter((q) => index.search(q).length > 0);
    console.log(
      `knowledge: ${questions.length} questions, hit@1 ${((100 * hit1) / questions.length).toFixed(1)} %, ` +
        `hit@3 ${((100 * hit3) / questions.length).toFixed(1)} %; ` +
        `${offTopic.length} off-topic, ${falseHits.length} got a passage`,
    );
    if (misses.length) console.log(`misses at 1:\n  ${misses.join("\n  ")}`);
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(hit1 / questions.length).toBeGreaterThanOrEqual(0.85);
    expect(hit3 / questions.length).toBeGreaterThanOrEqual(0.95);
    expect(falseHits).toEqual([]);
  });

  it("handles inflections, compounds and hyphens", () => {
    expect(index.search("röstagenterna")[0]?.passage.href).toBe("/#services");
    expect(index.search("AI automation")[0]?.passage.href).toBe(index.search("AI-automation")[0]?.passage.href);
    expect(index.search("integritetspolicyn")[0]?.passage.href).toBe("/privacy-policy");
  });
});

describe("the knowledge artifact", () => {
  const artifact = knowledgeArtifact();
  it("has the FAQ (25+ questions), the pages and the canned replies, each with a link", () => {
    expect(faq.length).toBeGreaterThanOrEqual(25);
    const ids = artifact.passages.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const prefix of ["faq-", "service-", "privacy-", "terms-", "cookies-", "om-oss-", "canned-", "contact"]) {
      expect(
        ids.some((id) => id.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    for (const p of artifact.passages) {
      expect(p.href).toMatch(/^\/[a-z-]*(#[a-z]+)?$/);
      expect(p.answer.length, p.id).toBeGreaterThan(20);
      expect(p.answer.match(/[.!?](\s|$)/g)?.length ?? 0, p.id).toBeLessThanOrEqual(4);
    }
    expect(artifact.persona).toContain("Emma");
  });
  it("cuts answers to their first sentences", () => {
    expect(firstSentences("Ett. Två! Tre? Fyra.", 3)).toBe("Ett. Två! Tre?");
    expect(firstSentences("Pris 0,3 s. Sedan 2019.", 1)).toBe("Pris 0,3 s.");
  });
});
