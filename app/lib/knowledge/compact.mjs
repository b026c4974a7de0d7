import { createKnowledgeIndex, STOP, words } from "./search.mjs";

// What the build writes into knowledge.json for the index to read back (decision 028); kept out of
// the browser's search chunk, which only reads the artifact.

/** @typedef {import("./passage").KnowledgeArtifact} KnowledgeArtifact */

/**
 * Questions as a passage's `examples` (or the artifact's `offTopic`): each one's words without the
 * stop words and fillers that the index drops anyway (all of them if it has no other), the
 * questions joined by "|".
 * @param {string[]} questions
 * @param {string[]} [fillers]
 */
export function compactQuestions(questions, fillers = []) {
  const stop = new Set([...STOP, ...fillers]);
  // One of stop words only ("vem är ni?") is kept whole: asked as it stands, it is still its passage's.
  const compact = questions.map(
    (q) =>
      words(q)
        .filter((w) => w.length >= 2 && !stop.has(w))
        .join(" ") || words(q).join(" "),
  );
  return [...new Set(compact.filter(Boolean))].join("|");
}

/**
 * Everyday words as the artifact's `everyday`: the terms the index makes of them (stems, and a
 * compound's parts), space-joined, so that the browser gets each stem once.
 * @param {Omit<KnowledgeArtifact, "everyday">} artifact
 * @param {string[]} list
 */
export function everydayStems(artifact, list) {
  const index = createKnowledgeIndex({ ...artifact, everyday: "" });
  return [...new Set(list.flatMap((w) => index.termsOf(w)))].join(" ");
}
