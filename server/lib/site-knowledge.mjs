import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createKnowledgeIndex, joinExamples } from "#common/search.mjs";

/** Beside the build's client files: what only the site's AI endpoint sends (persona, fact sheet, texts). */
export const ASSISTANT_FILE = "assistant.json";

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {});

/**
 * The artifact as the build writes it: knowledge.json, which the browser loads, and beside it what
 * only the server sends the site's AI: the persona, the fact sheet and each passage's full text.
 * @param {import("#common/passage").KnowledgeArtifact & import("#common/passage").AssistantText} artifact
 */
export function splitArtifact({ persona, referenceNote, facts, ...knowledge }) {
  const texts = Object.fromEntries(knowledge.passages.map((p) => [p.id, p.text]));
  const passages = knowledge.passages.map((p) =>
    Object.fromEntries(Object.entries(p).filter(([k]) => k !== "text" && k !== "examples")),
  );
  // The examples apart, in the passages' order (`joinExamples` joins them): gzip finds more of one
  // example in the next when they are not between the answers (decision 031).
  const examplesByPassage = knowledge.passages.map((p) => p.examples ?? "");
  return {
    knowledge: { ...knowledge, passages, examplesByPassage },
    assistant: { persona, referenceNote, facts, texts },
  };
}

/**
 * knowledge.json of the build in `root` with the server's own part beside it, or an empty
 * artifact when the build wrote none.
 * @returns {import("#common/passage").KnowledgeArtifact & import("#common/passage").AssistantText}
 */
export function loadKnowledgeArtifact(root) {
  const { texts = {}, ...assistant } = readJson(join(root, "..", ASSISTANT_FILE));
  const knowledge = joinExamples({ version: 3, passages: [], ...readJson(join(root, "knowledge.json")) });
  const passages = knowledge.passages.map((p) => ({ ...p, text: texts[p.id] ?? p.text ?? p.answer }));
  return { persona: "", referenceNote: "", ...knowledge, ...assistant, passages };
}

/**
 * The site's answer to a question for Emma's call tool, through the chat's own retrieval: the
 * passages that answer it, best first, or none. The one place that calls the search module.
 * @param {ReturnType<typeof createKnowledgeIndex>} index
 * @param {string} question
 */
export function searchSite(index, question, limit = 2) {
  return index.search(question, { limit }).map((hit) => hit.passage);
}

export { createKnowledgeIndex };
