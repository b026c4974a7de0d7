// Two sets of wishes for a person, wishes to meet, questions about people or the meeting and other
// messages, each written on 7 Dec by a helper who saw no source (issue 53). Set A was tuned on; B's
// miss "jag behöver ingen säljare" was known when negations were widened, so C is now the held-out one.
import { describe, expect, inject, it } from "vitest";
import { createKnowledgeIndex } from "#common/search.mjs";
import { routeMessage } from "~/features/chat/route-message";
import setA from "./2026-12-07-person-a.json";
import setB from "./2026-12-07-held-out-person-b.json";
import setC from "./2026-12-07-held-out-person-c.json";

type Expect = "person" | "meeting" | "question" | "other";

type Item = { text: string; route: Expect };

/** Right per kind, of how many, and what went elsewhere. */
function score(items: Item[]) {
  const index = createKnowledgeIndex(inject("knowledgeArtifact"));
  const right: Record<Expect, number> = { person: 0, meeting: 0, question: 0, other: 0 };
  const all: Record<Expect, number> = { person: 0, meeting: 0, question: 0, other: 0 };
  for (const q of items) {
    const to = routeMessage(q.text, index).to;
    const got = to === "person" ? "person" : to === "times" ? "meeting" : "answer";
    const wanted = q.route === "person" || q.route === "meeting" ? q.route : "answer";
    all[q.route]++;
    if (got === wanted) right[q.route]++;
  }
  return { right, all };
}

describe("routing without AI, on the person sets", () => {
  it("set A (tuned on): each kind where it belongs at least as often as after tuning", () => {
    const { right, all } = score(setA.items as Item[]);
    expect(all).toEqual({ person: 20, meeting: 15, question: 15, other: 10 });
    // 7 Dec: 6, 14, 15, 9 at first measure.
    expect(right.person).toBeGreaterThanOrEqual(17);
    expect(right.meeting).toBeGreaterThanOrEqual(14);
    expect(right.question).toBeGreaterThanOrEqual(15);
    expect(right.other).toBeGreaterThanOrEqual(9);
  });

  it("set B (held out until the negation round): each kind where it belongs at least as often as when first measured", () => {
    const { right, all } = score(setB.items as Item[]);
    expect(all).toEqual({ person: 20, meeting: 10, question: 12, other: 8 });
    // 7 Dec: before set A's round 7, 7, 11, 8; after it 14, 7, 11, 7; after the negation round 8.
    expect(right.person).toBeGreaterThanOrEqual(14);
    expect(right.meeting).toBeGreaterThanOrEqual(7);
    expect(right.question).toBeGreaterThanOrEqual(11);
    expect(right.other).toBeGreaterThanOrEqual(8);
  });

  it("set C (held out): each kind where it belongs at least as often as when first measured", () => {
    const { right, all } = score(setC.items as Item[]);
    expect(all).toEqual({ person: 20, meeting: 10, question: 10, other: 20 });
    // 7 Dec: 13, 10, 10, 16 before the negation round (written before it, from no source); 17 after.
    expect(right.person).toBeGreaterThanOrEqual(13);
    expect(right.meeting).toBeGreaterThanOrEqual(10);
    expect(right.question).toBeGreaterThanOrEqual(10);
    expect(right.other).toBeGreaterThanOrEqual(17);
  });
});
