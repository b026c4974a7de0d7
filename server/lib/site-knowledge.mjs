import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createKnowledgeIndex, joinExamples } from "#common/search.mjs";

/** Beside the build's client files: what only the site's AI endpoint sends (persona, fact sheet, texts). */
export const ASSISTANT_FILE = "assistant.json";

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {});

/** knowledge.json for the browser, and apart what only the server sends the AI (persona, facts, texts).
 * @param {import("#common/passage").KnowledgeArtifact & import("#common/passage").AssistantText} artifact */
export function splitArtifact({ persona, referenceNote, facts, ...knowledge }) {
  const texts = Object.fromEntries(knowledge.passages.map((p) => [p.id, p.text]));
  const passages = knowledge.passages.map((p) =>
    Object.fromEntries(Object.entries(p).filter(([k]) => k !== "text" && k !== "examples")),
  );
  // Examples apart, in the passages' order: gzip finds more of one in the next (decision 031).
  const examplesByPassage = knowledge.passages.map((p) => p.examples ?? "");
  return {
    knowledge: { ...knowledge, passages, examplesByPassage },
    assistant: { persona, referenceNote, facts, texts },
  };
}

/** @returns {import("#common/passage").KnowledgeArtifact & import("#common/passage").AssistantText} */
export function loadKnowledgeArtifact(root) {
  const { texts = {}, ...assistant } = readJson(join(root, "..", ASSISTANT_FILE));
  const knowledge = joinExamples({ version: 3, passages: [], ...readJson(join(root, "knowledge.json")) });
  const passages = knowledge.passages.map((p) => ({ ...p, text: texts[p.id] ?? p.text ?? p.answer }));
  return { persona: "", referenceNote: "", ...knowledge, ...assistant, passages };
}

/** The one caller of the search module. @param {ReturnType<typeof createKnowledgeIndex>} index @param {string} question */
export function searchSite(index, question, limit = 2) {
  return index.search(question, { limit }).map((hit) => hit.passage);
}

export { createKnowledgeIndex };
