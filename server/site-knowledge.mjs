import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createKnowledgeIndex } from "../app/lib/knowledge/search.mjs";

/** knowledge.json of the build in `root`, or an empty artifact when the build wrote none. */
export function loadKnowledgeArtifact(root) {
  const file = join(root, "knowledge.json");
  return existsSync(file)
    ? JSON.parse(readFileSync(file, "utf8"))
    : { version: 1, persona: "", referenceNote: "", passages: [] };
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
