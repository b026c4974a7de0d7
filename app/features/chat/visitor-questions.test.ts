import { describe, expect, it } from "vitest";
import { cannedReply } from "~/lib/canned-reply";
import { createKnowledgeIndex } from "~/lib/knowledge/search.mjs";
import { cannedReplyGroups } from "~/content/canned-replies";
import { knowledgeArtifact } from "~/content/knowledge";
import { expectedPages, heldOutHalf, tuningHalf, visitorQuestions } from "~/content/visitor-questions";
import { evaluateKnowledge } from "../../../scripts/lib/eval-emma.mjs";
import { onlyAsksForContact } from "./answer-ladder";

// Floors on the tuning half only (decision 019): the held-out half is for reporting, never a test.
const artifact = knowledgeArtifact();
const index = createKnowledgeIndex(artifact);
const byId = new Map(artifact.passages.map((p) => [p.id, p]));
const path = {
  index,
  canned: (q: string) => {
    const g = cannedReply(q, cannedReplyGroups);
    return g ? { href: byId.get(`canned-${g.group}`)?.href } : null;
  },
  leadOnly: (q: string) => onlyAsksForContact(q, index),
};

describe("the visitors' question set", () => {
  it("is 130 questions split once, even index tuning, odd held-out", () => {
    expect(visitorQuestions).toHaveLength(130);
    expect(tuningHalf).toHaveLength(65);
    expect(heldOutHalf[0]).toBe(visitorQuestions[1]);
    expect(visitorQuestions.filter((v) => v.lang === "en")).toHaveLength(10);
    // Every question the writer could not place has the engineer's label.
    for (const v of visitorQuestions) expect(expectedPages(v)).not.toContain("?");
  });

  it("the knowledge path (no AI) stays above its floors on the tuning half", () => {
    const k = evaluateKnowledge(
      path,
      tuningHalf.map((v) => ({ q: v.q, pages: expectedPages(v) })),
    );
    console.log(
      `tuning half: correct ${k.correct}, right topic suggested ${k.suggested} of ${k.answerable}; ` +
        `wrong ${k.wrong}; cannot answer: no passage ${k.none} of ${k.unanswerable}`,
    );
    expect((k.correct + k.suggested) / k.answerable).toBeGreaterThanOrEqual(0.75);
    expect(k.wrong / k.answerable).toBeLessThanOrEqual(0.16);
    expect(k.none / k.unanswerable).toBeGreaterThanOrEqual(0.9);
  });
});
