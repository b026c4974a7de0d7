import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// app/content is what a copywriter edits; Emma's question sets live in evals/emma/ (issue 42).
const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts"], { eager: true });
const files = readdirSync(new URL(".", import.meta.url));

/** A labelled question as the sets hold it: `{ q, expect | answers }`, or `[question, page, …]`. */
const isLabelledQuestion = (item: unknown) =>
  (typeof item === "object" && item !== null && "q" in item && ("expect" in item || "answers" in item)) ||
  (Array.isArray(item) &&
    item.length > 1 &&
    item.every((part) => typeof part === "string") &&
    /^\//.test(String(item[1])));

export function questionSetsIn(exports: Record<string, unknown>): string[] {
  return Object.entries(exports)
    .filter(([, value]) => Array.isArray(value) && value.length >= 5 && value.filter(isLabelledQuestion).length >= 5)
    .map(([name]) => name);
}

describe("the copy room", () => {
  it("holds no question set: no labelled questions among its modules' exports", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(15);
    const found = Object.entries(modules).flatMap(([file, exports]) =>
      questionSetsIn(exports).map((n) => `${file}: ${n}`),
    );
    expect(found).toEqual([]);
  });

  it("recognises a question set in either of the sets' shapes", () => {
    const set = Array.from({ length: 6 }, (_, i) => ({ q: `fråga ${i}?`, expect: ["/"], lang: "sv" }));
    const byPage = Array.from({ length: 6 }, (_, i) => [`fråga ${i}?`, "/kom-igang"]);
    expect(questionSetsIn({ set, byPage, faq: [{ question: "Vad?", answer: "Det." }] })).toEqual(["set", "byPage"]);
  });

  it("holds no data files and no module that imports a question set but the knowledge's test", () => {
    expect(files.filter((f) => !/\.tsx?$/.test(f))).toEqual([]);
    const importers = files.filter((f) => /from "[^"]*evals\//.test(readFileSync(new URL(f, import.meta.url), "utf8")));
    expect(importers.sort()).toEqual(["knowledge.test.ts"]);
  });
});
