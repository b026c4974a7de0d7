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

type Counts = Record<Expect, number>;

// Each set: its size per kind, and the floors (each kind where it belongs at least this often).
const sets: { name: string; items: unknown[]; all: Counts; floors: Counts }[] = [
  // 7 Dec: 6, 14, 15, 9 at first measure; the floors are after tuning on it.
  {
    name: "set A (tuned on)",
    items: setA.items,
    all: { person: 20, meeting: 15, question: 15, other: 10 },
    floors: { person: 17, meeting: 14, question: 15, other: 9 },
  },
  // 7 Dec: before set A's round 7, 7, 11, 8; after it 14, 7, 11, 7; after the negation round 8.
  {
    name: "set B (held out until the negation round)",
    items: setB.items,
    all: { person: 20, meeting: 10, question: 12, other: 8 },
    floors: { person: 14, meeting: 7, question: 11, other: 8 },
  },
  // 7 Dec: 13, 10, 10, 16 before the negation round (written before it, from no source); 17 after.
  {
    name: "set C (held out)",
    items: setC.items,
    all: { person: 20, meeting: 10, question: 10, other: 20 },
    floors: { person: 13, meeting: 10, question: 10, other: 17 },
  },
];

describe("routing without AI, on the person sets", () => {
  it.each(sets)("$name: each kind where it belongs at least as often as its floor", ({ items, all, floors }) => {
    const scored = score(items as Item[]);
    expect(scored.all).toEqual(all);
    for (const kind of Object.keys(floors) as Expect[])
      expect(scored.right[kind], kind).toBeGreaterThanOrEqual(floors[kind]);
  });
});
