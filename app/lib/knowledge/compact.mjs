import { compactQuestion, createKnowledgeIndex, STOP } from "./search.mjs";

// What the build writes into knowledge.json for the index to read back (decision 028); kept out of
// the browser's search chunk, which only reads the artifact.

/** @typedef {import("./passage").KnowledgeArtifact} KnowledgeArtifact */

/**
 * Questions as a passage's `examples` (or the artifact's `offTopic`): each one as `compactQuestion`
 * keeps it, the questions joined by "|".
 * @param {string[]} questions
 * @param {string[]} [fillers]
 */
export function compactQuestions(questions, fillers = []) {
  const stop = new Set([...STOP, ...fillers]);
  return [...new Set(questions.map((q) => compactQuestion(q, stop)).filter(Boolean))].join("|");
}

/**
 * Everyday words as the artifact's `everydayTerms`: the terms the index makes of them (stems, and
 * a compound's parts), space-joined, so that the browser gets each stem once.
 * @param {Omit<KnowledgeArtifact, "everydayTerms">} artifact
 * @param {string[]} list
 */
export function everydayTerms(artifact, list) {
  const index = createKnowledgeIndex(artifact);
  return [...new Set(list.flatMap((w) => index.termsOf(w)))].join(" ");
}
