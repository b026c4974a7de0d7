import { stemmer } from "@orama/stemmers/swedish";
import { stopwords } from "@orama/stopwords/swedish";
import MiniSearch from "minisearch";

/**
 * Retrieval over knowledge.json, the same code in the browser (a lazy chunk) and on the server:
 * MiniSearch (BM25, prefix, fuzzy, term boosts) with Snowball's Swedish stemmer and stop words
 * from @orama/*, the content's synonym list, and compounds split against the artifact's own
 * vocabulary. docs/decisions/014-answer-ladder.md, 019-visitors-own-words.md
 */

/** @typedef {import("./passage").Passage} Passage */
/** @typedef {import("./passage").KnowledgeArtifact} KnowledgeArtifact */
/** @typedef {{ passage: Passage, score: number, coverage: number }} KnowledgeHit */
/** @typedef {{ tier: "sure", hits: KnowledgeHit[] } | { tier: "unsure", suggestions: Passage[] } | { tier: "none" }} KnowledgeAnswer */

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
  "något",
  "ska",
  "vill",
  "kunna",
  "behöver",
  "ser",
  "stor",
  "själva",
  "snälla",
  "tack",
  "företaget",
]);
const SPLIT = /[^\p{L}\p{N}]+/u;

/** @param {string} text */
export const words = (text) => text.normalize("NFC").toLowerCase().split(SPLIT).filter(Boolean);

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
 * weighted by rarity (IDF): a word the site never uses ('köttbullar') weighs most. Below it but
 * at least UNSURE, Emma suggests the best passages' questions instead ("Menar du…?").
 */
export const MIN_COVERAGE = 0.55;
export const UNSURE_COVERAGE = 0.45;
/** A synonym counts for less than the visitor's own word. */
const SYNONYM_BOOST = 0.6;
/** Distinct words the index remembers how to process; the oldest go first (visitors type anything). */
export const TERM_CACHE_SIZE = 2000;

/**
 * @param {KnowledgeArtifact} artifact
 * @param {{ sure?: number, unsure?: number }} [cutOffs] other cut-offs, for the evaluation's sweeps
 */
export function createKnowledgeIndex(artifact, { sure: SURE = MIN_COVERAGE, unsure: UNSURE = UNSURE_COVERAGE } = {}) {
  const stop = new Set([...STOP, ...(artifact.fillers ?? [])]);
  const tokens = artifact.passages.map((p) => words(`${p.title} ${p.text} ${p.keywords}`));
  const vocabulary = new Set(tokens.flat().filter((w) => w.length >= 3 && !stop.has(w)));
  const processed = new Map();
  /** @param {string} term */
  const processTerm = (term) => {
    const w = term.toLowerCase();
    if (stop.has(w) || w.length < 2) return null;
    let terms = processed.get(w);
    if (!terms) {
      terms = [...new Set([w, ...splitCompound(w, vocabulary)].map((x) => stemmer(x)))];
      if (processed.size >= TERM_CACHE_SIZE) processed.delete(processed.keys().next().value);
      processed.set(w, terms);
    }
    return terms;
  };
  const stems = (text) => words(text).flatMap((w) => processTerm(w) ?? []);

  // Synonym groups: a word's stem (or a phrase's words) → the stems of its whole group.
  const groups = (artifact.synonyms ?? []).map((g) => [...new Set(g.flatMap(stems))]);
  const singleWord = new Map();
  const phrases = [];
  (artifact.synonyms ?? []).forEach((g, i) => {
    for (const entry of g) {
      const ws = words(entry);
      if (ws.length === 1)
        for (const s of processTerm(ws[0]) ?? []) singleWord.set(s, [...(singleWord.get(s) ?? []), i]);
      else if (ws.length > 1) phrases.push([ws, i]);
    }
  });

  const index = new MiniSearch({
    fields: ["title", "text", "keywords"],
    storeFields: [],
    tokenize: (text) => words(text),
    processTerm,
    searchOptions: {
      boost: { title: 2, keywords: 3 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 8 ? 0.25 : term.length >= 6 ? 0.2 : false),
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
  const normal = (q) => words(q).join(" ");
  const byQuestion = new Map(artifact.passages.filter((p) => p.question).map((p) => [normal(p.question), p]));

  /**
   * The question's topics: each word (or synonym phrase) with the stems that count as finding it
   * (its own, its compound's parts, its synonyms') and its weight.
   */
  function topicsOf(question) {
    const ws = words(question);
    const used = new Set();
    const topics = [];
    for (const [phrase, g] of phrases) {
      for (let i = 0; i + phrase.length <= ws.length; i++) {
        if (phrase.every((p, j) => ws[i + j] === p || (p.length >= 4 && ws[i + j].startsWith(p)))) {
          phrase.forEach((_, j) => used.add(i + j));
          topics.push({ own: [], synonyms: groups[g] });
        }
      }
    }
    ws.forEach((w, i) => {
      if (used.has(i)) return;
      const own = processTerm(w);
      if (!own) return;
      const synonyms = [...new Set((singleWord.get(own[0]) ?? []).flatMap((g) => groups[g]))].filter(
        (s) => !own.includes(s),
      );
      topics.push({ own, synonyms });
    });
    // One topic per stem (a question may repeat a word).
    const seen = new Set();
    return topics
      .filter((t) => {
        const key = t.own[0] ?? t.synonyms.join(" ");
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((t) => {
        const known = [...t.own.slice(0, 1), ...t.synonyms].filter((s) => documentFrequency.has(s));
        // A word the site lacks weighs most, unless a synonym of it is the site's word.
        const w = known.length ? Math.min(...known.map(weight)) : weight(t.own[0] ?? "");
        return { ...t, weight: w };
      });
  }

  /** Every passage that shares a word with the question, best first, with its coverage. */
  function scored(question) {
    const topics = topicsOf(question);
    if (topics.length === 0) return [];
    const total = topics.reduce((sum, t) => sum + t.weight, 0);
    const own = new Set(topics.flatMap((t) => t.own));
    const terms = [...new Set(topics.flatMap((t) => [...t.own, ...t.synonyms]))];
    const results = index.search(terms.join(" "), {
      tokenize: (s) => s.split(" "),
      processTerm: (t) => t,
      boostTerm: (t) => (own.has(t) ? 1 : SYNONYM_BOOST),
    });
    const hits = [];
    for (const r of results) {
      const matched = new Set(r.queryTerms);
      const found = (t) =>
        t.synonyms.some((s) => matched.has(s)) ||
        (t.own.length > 0 && matched.has(t.own[0])) ||
        (t.own.length > 1 && t.own.slice(1).every((part) => matched.has(part)));
      const coverage = topics.filter(found).reduce((sum, t) => sum + t.weight, 0) / total;
      const passage = byId.get(String(r.id));
      if (passage) hits.push({ passage, score: r.score, coverage });
    }
    return hits;
  }

  /**
   * The passages that answer a question, best first; empty when nothing on the site does.
   * @param {string} question
   * @param {{ limit?: number, all?: boolean }} [options] all: also the weak matches (for tests)
   * @returns {KnowledgeHit[]}
   */
  function search(question, { limit = 3, all = false } = {}) {
    return scored(question)
      .filter((h) => all || h.coverage >= SURE)
      .slice(0, limit);
  }

  /** One question's tier: sure (a passage answers it), unsure (passages to suggest) or none. */
  function tierOf(question) {
    const exact = byQuestion.get(normal(question));
    if (exact) return { tier: "sure", hits: [{ passage: exact, score: Infinity, coverage: 1 }] };
    const hits = scored(question);
    const sure = hits.filter((h) => h.coverage >= SURE);
    if (sure.length) return { tier: "sure", hits: sure.slice(0, 3) };
    const maybe = hits.filter((h) => h.coverage >= UNSURE && h.passage.question);
    const suggestions = [...new Map(maybe.map((h) => [h.passage.question, h.passage])).values()].slice(0, 3);
    return suggestions.length ? { tier: "unsure", suggestions } : { tier: "none" };
  }

  /**
   * Emma's knowledge answer by confidence. A follow-up ("och hur snabbt?") is read with the
   * visitor's previous question when it is not sure on its own.
   * @param {string} question
   * @param {{ history?: string[] }} [options] the visitor's earlier messages, oldest first
   * @returns {KnowledgeAnswer}
   */
  function answer(question, { history = [] } = {}) {
    const alone = tierOf(question);
    const previous = history.at(-1);
    if (alone.tier === "sure" || !previous) return alone;
    const together = tierOf(`${previous} ${question}`);
    return together.tier === "sure" || alone.tier === "none" ? together : alone;
  }

  /**
   * The best passages for the site's AI, with no cut-off (the model judges relevance): those of
   * the question, and every third one of the visitor's previous question, for a follow-up.
   * @param {string} question
   * @param {{ history?: string[], limit?: number }} [options]
   * @returns {Passage[]}
   */
  function rank(question, { history = [], limit = 6 } = {}) {
    const order = (hs) => [...hs].sort((a, b) => b.coverage - a.coverage || b.score - a.score).map((h) => h.passage);
    const alone = order(scored(question));
    const previous = history.at(-1);
    const before = previous ? order(scored(previous)) : [];
    const out = new Map();
    const add = (p) => p && out.size < limit && out.set(p.id, p);
    for (let i = 0, j = 0; out.size < limit && (i < alone.length || j < before.length);) {
      add(alone[i++]);
      add(alone[i++]);
      add(before[j++]);
    }
    return [...out.values()];
  }

  return {
    search,
    answer,
    rank,
    /** Whether a text has any word that says something about a topic. */
    hasTopic: (text) => topicsOf(text).length > 0,
    passage: (id) => byId.get(id),
    passages: artifact.passages,
    termCacheSize: () => processed.size,
  };
}
