import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createKnowledgeIndex } from "../app/lib/knowledge/search.mjs";

/** Beside the build's client files: what only the site's AI endpoint sends (persona, fact sheet). */
export const ASSISTANT_FILE = "assistant.json";

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {});

/**
 * knowledge.json of the build in `root` with the server's own part beside it, or an empty
 * artifact when the build wrote none.
 * @returns {import("../app/lib/knowledge/passage").KnowledgeArtifact & import("../app/lib/knowledge/passage").AssistantText}
 */
export function loadKnowledgeArtifact(root) {
  return {
    version: 2,
    persona: "",
    referenceNote: "",
    passages: [],
    ...readJson(join(root, "knowledge.json")),
    ...readJson(join(root, "..", ASSISTANT_FILE)),
  };
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
