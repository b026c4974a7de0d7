import { compactQuestion, createKnowledgeIndex, OFF_TOPIC, STOP } from "#common/search.mjs";

// What the build writes into knowledge.json for the index to read back (decision 028); kept out of
// the browser's search chunk, which only reads the artifact.

/** @typedef {import("./passage").KnowledgeArtifact} KnowledgeArtifact */

/**
 * A question's key as an example (`compactQuestion`), for an artifact with these fillers.
 * @param {string[]} [fillers]
 * @returns {(question: string) => string}
 */
export function exampleKey(fillers = []) {
  const stop = new Set([...STOP, ...fillers]);
  return (question) => compactQuestion(question, stop);
}

/**
 * Questions as a passage's `examples` (or the artifact's `offTopic`): their keys, joined by "|".
 * @param {string[]} questions
 * @param {string[]} [fillers]
 */
export function compactQuestions(questions, fillers = []) {
  return [...new Set(questions.map(exampleKey(fillers)).filter(Boolean))].join("|");
}

/**
 * Everyday words as the artifact's `everydayTerms`: the terms the index makes of them (stems, and
 * a compound's parts), space-joined, so that the browser gets each stem once.
 * @param {Omit<KnowledgeArtifact, "everydayTerms">} artifact
 * @param {string[]} list
 */
export function everydayTerms(artifact, list) {
  const index = createKnowledgeIndex(artifact);
  return [...new Set(list.flatMap((w) => index.termsOf(w)))].sort().join(" ");
}

/**
 * The index of an artifact without some examples, asked which of them (key, the passage it was
 * judged to or off-topic, and a question with that key) it does not already answer so (sure with
 * that passage, or nothing): the others only cost the knowledge chunk bytes (decision 029).
 * @param {Omit<KnowledgeArtifact, "everydayTerms">} artifact the site's text and the examples kept
 * @param {string[]} everyday
 * @returns {<E extends [key: string, target: string, question: string]>(examples: E[], options?: { suggested?: boolean }) => E[]}
 *   suggested: that passage among the suggestions will do
 */
export function unanswered(artifact, everyday) {
  const index = createKnowledgeIndex({ ...artifact, everydayTerms: everydayTerms(artifact, everyday) });
  return (examples, { suggested = false } = {}) =>
    examples.filter(([, target, question]) => {
      const a = index.answer(question);
      if (target === OFF_TOPIC) return a.tier !== "none";
      if (suggested && a.tier === "unsure" && a.suggestions.some((p) => p.id === target)) return false;
      return !(a.tier === "sure" && a.hits[0]?.passage.id === target);
    });
}
