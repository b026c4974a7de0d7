/** A piece of the site's content that Emma can answer from, with the page it comes from. */
export interface Passage {
  id: string;
  title: string;
  /** The page's full text, for the site's AI: in build/assistant.json, never in knowledge.json (decision 030). */
  text?: string;
  /** Extra search words (a canned group's keywords, synonyms the copy lacks). */
  keywords: string;
  href: string;
  linkLabel: string;
  /** Emma's knowledge answer in 2–3 sentences; she links to `href` below it. */
  answer: string;
  /** The question this passage answers, offered as a suggestion ("Menar du…?"). */
  question: string;
  /**
   * How visitors ask for it in their own words: the phrasings (app/content/phrasings.ts) and the
   * tuning sets' questions it answers that its answer alone does not (`unanswered`), as stems
   * without stop words, joined by "|" (`compactQuestions` in compact.mjs; decisions 028, 029, 031).
   */
  examples?: string;
  /** About getting in touch (a meeting, a call, a quote): Emma then also names the lead form. */
  lead?: boolean;
}

/** knowledge.json: built once at build time, read by the browser and the server (decision 028). */
export interface KnowledgeArtifact {
  /** 3: examples as stems, apart from the passages in knowledge.json (decision 031). */
  version: 3;
  passages: Passage[];
  /**
   * In knowledge.json, each passage's `examples` in the passages' order, kept apart from them
   * (`splitArtifact` in server/lib/site-knowledge.mjs); `joinExamples` in search.mjs joins them back.
   */
  examplesByPassage?: string[];
  /** The tuning sets' questions the site cannot answer, kept as `examples` are: one like them gets no passage. */
  offTopic?: string;
  /** Groups of words that mean the same to a visitor (app/content/synonyms.ts). */
  synonyms: string[][];
  /** Words that say nothing about a question's topic. */
  fillers: string[];
  /**
   * Everyday words that carry a question but name no topic, as the index's terms, space-joined
   * (`everydayTerms`): they weigh little when the site lacks them.
   */
  everydayTerms?: string;
}

/** build/assistant.json: what only the server's AI endpoint sends, never served to the browser. */
export interface AssistantText {
  /** Emma's persona and rules for the site's AI endpoint. */
  persona: string;
  /** Introduces the retrieved passages in the provider request as reference text, not instructions. */
  referenceNote: string;
  /** The company in a few lines, built from the typed content: always in the site's AI prompt. */
  facts: string;
  /** Each passage's full text by id, as the build writes it (server/lib/site-knowledge.mjs). */
  texts?: Record<string, string>;
}
