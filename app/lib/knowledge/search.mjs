import { stemmer } from "@orama/stemmers/swedish";
import { stopwords } from "@orama/stopwords/swedish";
import MiniSearch from "minisearch";

/**
 * Retrieval over knowledge.json, the same code in the browser (a lazy chunk) and on the server:
 * MiniSearch (BM25) with Snowball's Swedish stemmer and stop words from @orama/*, compounds
 * split against the artifact's own vocabulary. docs/decisions/014-answer-ladder.md
 */

/** @typedef {import("./passage").Passage} Passage */
/** @typedef {import("./passage").KnowledgeArtifact} KnowledgeArtifact */
/** @typedef {{ passage: Passage, score: number, coverage: number }} KnowledgeHit */

// Words of a question that say nothing about its topic.
const STOP = new Set([
  ...stopwords,
  "emma",
  "finns",
  "får",
  "gör",
  "gjort",
  "berätta",
  "undrar",
  "fråga",
  "många",
  "mycket",
  "egen",
  "eget",
  "nån",
  "något",
  "ska",
  "vill",
  "kunna",
  "behöver",
  "ligger",
  "ser",
  "stor",
  "typ",
  "själva",
  "snälla",
  "tack",
  "företaget",
]);
const SPLIT = /[^\p{L}\p{N}]+/u;

/** @param {string} text */
const words = (text) => text.normalize("NFC").toLowerCase().split(SPLIT).filter(Boolean);

/** The two known words a compound is made of ('röstagenter' → röst + agenter), or none. */
function splitCompound(word, vocabulary) {
  if (word.length < 8) return [];
  for (let i = 3; i <= word.length - 4; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (!vocabulary.has(tail)) continue;
    if (vocabulary.has(head)) return [head, tail];
    if (head.endsWith("s") && vocabulary.has(head.slice(0, -1))) return [head.slice(0, -1), tail];
  }
  return [];
}

/**
 * A passage answers a question when it has at least this share of the question's topic words,
 * weighted by rarity (IDF): a word the site never uses ('köttbullar') weighs most.
 */
export const MIN_COVERAGE = 0.55;

/**
 * @param {KnowledgeArtifact} artifact
 */
export function createKnowledgeIndex(artifact) {
  const tokens = artifact.passages.map((p) => words(`${p.title} ${p.text} ${p.keywords}`));
  const vocabulary = new Set(tokens.flat().filter((w) => w.length >= 3 && !STOP.has(w)));
  const processed = new Map();
  /** @param {string} term */
  const processTerm = (term) => {
    const w = term.toLowerCase();
    if (STOP.has(w) || w.length < 2) return null;
    let terms = processed.get(w);
    if (!terms) {
      terms = [...new Set([w, ...splitCompound(w, vocabulary)].map((x) => stemmer(x)))];
      processed.set(w, terms);
    }
    return terms;
  };
  const index = new MiniSearch({
    fields: ["title", "text", "keywords"],
    storeFields: [],
    tokenize: (text) => words(text),
    processTerm,
    searchOptions: {
      boost: { title: 2, keywords: 3 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
      combineWith: "OR",
    },
  });
  index.addAll(artifact.passages);
  const documentFrequency = new Map();
  for (const passageTokens of tokens) {
    const terms = new Set(passageTokens.flatMap((w) => processTerm(w) ?? []));
    for (const t of terms) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  }
  const n = artifact.passages.length;
  const weight = (term) => Math.log(1 + n / ((documentFrequency.get(term) ?? 0) + 0.5));
  const byId = new Map(artifact.passages.map((p) => [p.id, p]));

  /**
   * The passages that answer a question, best first; empty when nothing on the site does.
   * @param {string} question
   * @param {{ limit?: number, all?: boolean }} [options] all: also the weak matches (for tests)
   * @returns {KnowledgeHit[]}
   */
  function search(question, { limit = 3, all = false } = {}) {
    // Each topic word: its stem, then the stems of its parts if it is a compound.
    const topics = [
      ...new Map(
        words(question).flatMap((w) => {
          const t = processTerm(w);
          return t ? [[t[0], t]] : [];
        }),
      ).values(),
    ];
    if (topics.length === 0) return [];
    const total = topics.reduce((sum, t) => sum + weight(t[0]), 0);
    const hits = [];
    for (const r of index.search(question)) {
      const matched = new Set(r.queryTerms);
      const found = (t) => matched.has(t[0]) || (t.length > 1 && t.slice(1).every((part) => matched.has(part)));
      const coverage = topics.filter(found).reduce((sum, t) => sum + weight(t[0]), 0) / total;
      const passage = byId.get(String(r.id));
      if (!passage) continue;
      if (all || coverage >= MIN_COVERAGE) hits.push({ passage, score: r.score, coverage });
      if (hits.length >= limit) break;
    }
    return hits;
  }
  return { search, passages: artifact.passages };
}
