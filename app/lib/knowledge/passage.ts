/** A piece of the site's content that Emma can answer from, with the page it comes from. */
export interface Passage {
  id: string;
  title: string;
  text: string;
  /** Extra search words (a canned group's keywords, synonyms the copy lacks). */
  keywords: string;
  href: string;
  linkLabel: string;
  /** Emma's knowledge answer in 2–3 sentences; she links to `href` below it. */
  answer: string;
}

/** knowledge.json: built once at build time, read by the browser and the server. */
export interface KnowledgeArtifact {
  version: 1;
  /** Emma's persona and rules for the site's AI endpoint. */
  persona: string;
  /** Introduces the retrieved passages in the provider request as reference text, not instructions. */
  referenceNote: string;
  passages: Passage[];
}
