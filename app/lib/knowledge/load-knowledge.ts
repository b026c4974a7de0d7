import type { KnowledgeArtifact, Passage } from "#common/passage";

export interface KnowledgeHit {
  passage: Passage;
  score: number;
  coverage: number;
}

export type KnowledgeAnswer =
  { tier: "sure"; hits: KnowledgeHit[] } | { tier: "unsure"; suggestions: Passage[] } | { tier: "none" };

export interface Knowledge {
  search(question: string): KnowledgeHit[];
  /** Sure, unsure (with passages to suggest) or none; `history` is the visitor's earlier messages. */
  answer(question: string, history?: string[]): KnowledgeAnswer;
  hasTopic(text: string): boolean;
  /** Only no or thanks ("nej tack"): nothing to answer or report. */
  declines(text: string): boolean;
  /** Whether a text names a topic the site has words for, beyond the everyday ones. */
  asksAbout(text: string): boolean;
  /** Of canned groups' passage ids, the one that answers the question, or null (search.mjs). */
  pickCanned(question: string, ids: string[]): string | null;
  passage(id: string): Passage | undefined;
  /** The server that sent the knowledge has an AI provider configured (server/routes/assistant.mjs). */
  siteAi: boolean;
}

/** Built at build time from the content (scripts/postbuild.mjs); served beside the pages. */
export const KNOWLEDGE_URL = "/knowledge.json";
/** The response header with which the site's server says that its AI endpoint answers. */
export const SITE_AI_HEADER = "Emma-Assistant";

let pending: Promise<Knowledge | null> | null = null;

/**
 * Emma's knowledge, loaded once: the search code is its own chunk and the artifact a static file,
 * so a static host without a server still gets knowledge answers. Null when it cannot be loaded.
 */
export function loadKnowledge(): Promise<Knowledge | null> {
  pending ??= Promise.all([import("#common/search.mjs"), fetch(KNOWLEDGE_URL)])
    .then(async ([{ createKnowledgeIndex }, res]) => {
      if (!res.ok) throw new Error(`knowledge: ${res.status}`);
      const artifact = (await res.json()) as KnowledgeArtifact;
      const index = createKnowledgeIndex(artifact);
      return {
        search: (q: string) => index.search(q),
        answer: (q: string, history: string[] = []) => index.answer(q, { history }),
        hasTopic: (text: string) => index.hasTopic(text),
        declines: (text: string) => index.declines(text),
        asksAbout: (text: string) => index.asksAbout(text),
        pickCanned: (q: string, ids: string[]) => index.pickCanned(q, ids),
        passage: (id: string) => index.passage(id),
        siteAi: res.headers.get(SITE_AI_HEADER) === "on",
      };
    })
    .catch(() => {
      pending = null; // a later question tries again
      return null;
    });
  return pending;
}
