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
/** @typedef {{ passage: Passage, score: number, coverage: number, confidence: number }} KnowledgeHit */
/** @typedef {{ tier: "sure", hits: KnowledgeHit[] } | { tier: "unsure", suggestions: Passage[] } | { tier: "none" }} KnowledgeAnswer */

// Words of a question that say nothing about its topic.
export const STOP = new Set([
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
  // Answers, never topics: FAQ answers start "Ja, …", and "ja, ring upp mig" is about the call.
  "ja",
  "jo",
  "nej",
]);
const SPLIT = /[^\p{L}\p{N}]+/u;

/** @param {string} text */
export const words = (text) => text.normalize("NFC").toLowerCase().split(SPLIT).filter(Boolean);

/**
 * A question as an example is kept and matched: the stems of its words that are no stop words or
 * fillers, nor stem to one ("göra": gör), or all its words if it has no other ("vem är ni?").
 * @param {string} question
 * @param {Set<string>} stop
 */
export const compactQuestion = (question, stop) =>
  words(question)
    .filter((w) => w.length >= 2 && !stop.has(w))
    .map((w) => stemmer(w))
    .filter((s) => !stop.has(s))
    .join(" ") || words(question).join(" ");

/**
 * An artifact as the index reads it: knowledge.json keeps each passage's examples apart
 * (`examplesByPassage`, in the passages' order: `splitArtifact` in server/lib/site-knowledge.mjs).
 * @template {KnowledgeArtifact} A
 * @param {A} artifact
 * @returns {A}
 */
export function joinExamples(artifact) {
  const { examplesByPassage: apart, ...rest } = artifact;
  if (!apart || apart.length !== rest.passages.length) return /** @type {A} */ (rest);
  return /** @type {A} */ ({
    ...rest,
    passages: rest.passages.map((p, i) => (apart[i] ? { ...p, examples: apart[i] } : p)),
  });
}

/**
 * The two known words a compound is made of ('röstagenter' → röst + agenter), or none.
 * @param {string} word
 * @param {(w: string) => boolean} known
 */
function splitCompound(word, known) {
  if (word.length < 8) return [];
  for (let i = 3; i <= word.length - 4; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (!known(tail)) continue;
    if (known(head)) return [head, tail];
    if (head.endsWith("s") && known(head.slice(0, -1))) return [head.slice(0, -1), tail];
  }
  return [];
}

// Confidence: the IDF-weighted share of the question's words a passage has, + a little per word
// matched, − the share the site has no word for ('köttbullar'), − a little of the share of an
// example's words the question lacks. From SURE Emma answers, from UNSURE she suggests ("Menar
// du…?"). Fitted on the tuning sets: decisions 025, 029.
export const SURE = 1.1;
export const UNSURE = 0.45;
const MATCHED_BONUS = 0.05;
const UNKNOWN_PENALTY = 0.5;
/** A synonym counts for less than the visitor's own word. */
const SYNONYM_BOOST = 0.6;
/** Stands for an everyday word in `weight`: it weighs as a word on every passage would. */
const EVERYDAY = Symbol("everyday");
/** A visitor's question asked of a passage weighs as its title does. */
const EXAMPLE_BOOST = 2;
/** An example that has words the question lacks is less likely the same question (decision 029). */
const UNASKED_PENALTY = 0.2;
/** Below SURE, a best passage this confident and this far ahead of the next one is still the answer. */
const CLEAR = 0.8;
const CLEAR_GAP = 0.3;
/** A question with this many words that are not stop words is long; it is unsure from UNSURE_LONG. */
const LONG_TOPICS = 8;
const UNSURE_LONG = 0.15;
/** A plain no or thanks ("nej tack", "tack så mycket") asks nothing: no follow-up, no question. */
const DECLINE = new Set(["nej", "nä", "nää", "no", "nope", "tack", "thanks", "okej", "ok"]);
const QUESTION_WORDS = new Set(["vad", "var", "vart", "hur", "när", "vem", "vilken", "vilket", "vilka", "varför"]);
/** The owner of the questions the site cannot answer: a match with one of them answers nothing. */
export const OFF_TOPIC = "off-topic";
/** Distinct words the index remembers how to process; the oldest go first (visitors type anything). */
export const TERM_CACHE_SIZE = 2000;

/**
 * @param {KnowledgeArtifact} artifact
 * @param {{ sure?: number, unsure?: number, bonus?: number, penalty?: number, clear?: number, gap?: number }} [constants]
 *   other cut-offs and weights, for the evaluation's grid (`npm run eval:emma -- --grid`)
 */
export function createKnowledgeIndex(
  artifact,
  {
    sure: SURE_AT = SURE,
    unsure: UNSURE_AT = UNSURE,
    bonus = MATCHED_BONUS,
    penalty = UNKNOWN_PENALTY,
    clear: CLEAR_AT = CLEAR,
    gap: CLEAR_GAP_AT = CLEAR_GAP,
  } = {},
) {
  const { passages } = joinExamples(artifact);
  const stop = new Set([...STOP, ...(artifact.fillers ?? [])]);
  // Each example is a document of its own, so that a question is matched with one question asked
  // before, not with the sum of them; the off-topic ones belong to `offTopic` (decision 029).
  const offTopic = { id: OFF_TOPIC, title: "", text: "", keywords: "", examples: artifact.offTopic ?? "" };
  // Their ids are numbers, their place here; a passage's id is a string.
  const examples = [...passages, offTopic].flatMap((owner) =>
    (owner.examples ?? "")
      .split("|")
      .filter(Boolean)
      .map((example) => ({ owner, example })),
  );
  // The index reads what Emma shows (the answer), not the page's full text, which only the site's
  // AI gets (decision 030). Words only the off-topic examples have are words the site lacks.
  const tokens = passages.map((p) => words(`${p.title} ${p.answer} ${p.keywords}`));
  const exampleTokens = passages.map((p) => words(p.examples ?? ""));
  const vocabulary = new Set([...tokens, ...exampleTokens].flat().filter((w) => w.length >= 3 && !stop.has(w)));
  const stemVocabulary = new Set([...vocabulary].map((w) => stemmer(w)));
  const known = (w) => vocabulary.has(w) || stemVocabulary.has(stemmer(w));
  const processed = new Map();
  // An example is stored as stems of words that are no stop words: its terms are those stems.
  const exampleTerms = (stem) => [...new Set([stem, ...splitCompound(stem, known).map((x) => stemmer(x))])];
  /** @param {string} term @param {string} [field] */
  const processTerm = (term, field) => {
    if (field === "example") return exampleTerms(term);
    const w = term.toLowerCase();
    if (stop.has(w) || w.length < 2) return null;
    let terms = processed.get(w);
    if (!terms) {
      terms = [...new Set([w, ...splitCompound(w, known)].map((x) => stemmer(x)))];
      if (processed.size >= TERM_CACHE_SIZE) processed.delete(processed.keys().next().value);
      processed.set(w, terms);
    }
    return terms;
  };
  const stems = (text) => words(text).flatMap((w) => processTerm(w) ?? []);

  // Synonym groups: a word's stem (or a phrase's words) → the stems of its whole group.
  const groups = (artifact.synonyms ?? []).map((g) => [...new Set(g.flatMap(stems))]);
  const everyday = new Set((artifact.everydayTerms ?? "").split(" ").filter(Boolean));
  const singleWord = new Map();
  const phrases = [];
  (artifact.synonyms ?? []).forEach((g, i) => {
    for (const entry of g) {
      const ws = words(entry);
      // A compound's parts stand for its group ("telefonassistent": telefon), but not an everyday
      // word: "genomgång" (a meeting) says nothing of "gånger".
      const [own, ...parts] = ws.length === 1 ? (processTerm(ws[0]) ?? []) : [];
      for (const s of [own, ...parts.filter((p) => !everyday.has(p))])
        if (s) singleWord.set(s, [...(singleWord.get(s) ?? []), i]);
      if (ws.length > 1) phrases.push([ws, i]);
    }
  });

  const index = new MiniSearch({
    fields: ["title", "text", "keywords", "example"],
    storeFields: [],
    tokenize: (text) => words(text),
    processTerm,
    searchOptions: {
      boost: { title: 2, keywords: 3, example: EXAMPLE_BOOST },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 8 ? 0.25 : term.length >= 6 ? 0.2 : false),
      combineWith: "OR",
    },
  });
  index.addAll([
    ...passages.map(({ id, title, answer, keywords }) => ({ id, title, text: answer, keywords })),
    ...examples.map(({ example }, id) => ({ id, example })),
  ]);
  // Built once and never changed: a term's results (MiniSearch's per-term step, most of a search's
  // time) are found once. Its OR merge changes the first results it gets, so each search gets a copy.
  const termResults = /** @type {any} */ (index).executeQuerySpec.bind(index);
  const remembered = new Map();
  /** @type {any} */ (index).executeQuerySpec = (query, options) => {
    const key = `${query.termBoost} ${query.term}`;
    let found = remembered.get(key);
    if (!found) {
      found = termResults(query, options);
      if (remembered.size >= TERM_CACHE_SIZE) remembered.delete(remembered.keys().next().value);
      remembered.set(key, found);
    }
    const copy = new Map();
    for (const [id, r] of found) copy.set(id, { score: r.score, terms: [...r.terms], match: { ...r.match } });
    return copy;
  };
  const documentFrequency = new Map();
  for (const [i, passageTokens] of tokens.entries()) {
    const terms = new Set([
      ...passageTokens.flatMap((w) => processTerm(w) ?? []),
      ...exampleTokens[i].flatMap(exampleTerms),
    ]);
    for (const t of terms) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  }
  const n = passages.length;
  const weight = (term) => Math.log(1 + n / ((term === EVERYDAY ? n : (documentFrequency.get(term) ?? 0)) + 0.5));
  const byId = new Map(passages.map((p) => [p.id, p]));
  // An example's terms, with their weight in all.
  for (const e of examples) {
    e.terms = [...new Set(words(e.example).flatMap(exampleTerms))];
    e.weights = e.terms.map(weight);
    e.weight = e.weights.reduce((sum, w) => sum + w, 0);
  }
  // A question asked as a passage's own, or with the topic words of one of its examples (the build
  // gives each example one passage), is that passage's; an off-topic one's is nobody's.
  const normal = (q) => words(q).join(" ");
  const keyOf = (q) => compactQuestion(q, stop);
  const byOwnQuestion = new Map(passages.filter((p) => p.question).map((p) => [normal(p.question), p]));
  const byExample = new Map();
  // An example is stored as its key already (`exampleKey`).
  for (const { example, owner } of examples) if (!byExample.has(example)) byExample.set(example, owner);
  /** The passage a question is asked as, `offTopic` for an off-topic one, or undefined. */
  const askedOf = (q) => byOwnQuestion.get(normal(q)) ?? byExample.get(keyOf(q));
  const exactHit = (passage) => ({ passage, score: Infinity, coverage: 1, confidence: Infinity });

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
      // A number names no topic: a visitor's phone number matched the site's ("123 45 67").
      if (used.has(i) || /^\p{N}+$/u.test(w)) return;
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
        const [own, ...parts] = t.own;
        const onSite = [own, ...t.synonyms].filter((s) => s !== undefined && documentFrequency.has(s));
        // A word the site lacks weighs most (an off-topic question), unless a synonym of it or its
        // compound's parts are the site's, or it is an everyday word that only carries the question.
        // The synonym list's words name a topic ("ligger": where), even if everyday elsewhere.
        const isEveryday = everyday.has(own) && t.synonyms.length === 0;
        if (isEveryday && !documentFrequency.has(own))
          return { ...t, weight: weight(EVERYDAY), known: false, everyday: true };
        if (onSite.length) return { ...t, weight: Math.min(...onSite.map(weight)), known: true, everyday: isEveryday };
        if (parts.length && parts.every((s) => documentFrequency.has(s)))
          return { ...t, weight: Math.min(...parts.map(weight)), known: true };
        return { ...t, weight: weight(own ?? ""), known: false };
      });
  }

  /** Every passage that shares a word with the question, best first, with its coverage and confidence
   * (not for `rank`, which orders by coverage and score alone). */
  function scored(question, { confident = true } = {}) {
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
    const found = results.map((r) => {
      const matched = new Set(r.queryTerms);
      return topics.map(
        (t) =>
          t.synonyms.some((s) => matched.has(s)) ||
          (t.own.length > 0 && matched.has(t.own[0])) ||
          (t.own.length > 1 && t.own.slice(1).every((part) => matched.has(part))),
      );
    });
    // A word the index found on some passage (an inflection, a typo) is not one the site lacks.
    const unknown = confident
      ? topics.filter((t, i) => !t.known && !found.some((f) => f[i])).reduce((sum, t) => sum + t.weight, 0) / total
      : NaN;
    const hits = [];
    results.forEach((r, k) => {
      const weight = topics.filter((_, i) => found[k][i]).reduce((sum, t) => sum + t.weight, 0);
      const coverage = weight / total;
      const example = typeof r.id === "number" ? examples[r.id] : undefined;
      const confidence = confident
        ? coverage + bonus * weight - penalty * unknown - UNASKED_PENALTY * unasked(example, r.terms)
        : NaN;
      const passage = example ? example.owner : byId.get(r.id);
      if (passage) hits.push({ passage, score: r.score, coverage, confidence, topics: found[k], weight, unknown });
    });
    // A passage's best match speaks for it (its own text or one of its examples).
    const seen = new Set();
    return hits
      .sort((a, b) => b.coverage - a.coverage || b.score - a.score)
      .filter((h) => !seen.has(h.passage) && seen.add(h.passage));
  }

  /** The share of an example's weight that the question does not have (0 for a passage's own text). */
  function unasked(example, matchedTerms) {
    if (!example?.weight) return 0;
    const matched = new Set(matchedTerms);
    return example.terms.reduce((sum, t, i) => (matched.has(t) ? sum : sum + example.weights[i]), 0) / example.weight;
  }

  /**
   * The passages that answer a question, best first, as `answer` would answer it; empty when
   * nothing on the site does.
   * @param {string} question
   * @param {{ limit?: number, all?: boolean }} [options] all: also the weak matches (for tests)
   * @returns {KnowledgeHit[]}
   */
  function search(question, { limit = 3, all = false } = {}) {
    if (!all) {
      const asked = tierOf(question, limit);
      return asked.tier === "sure" ? asked.hits : [];
    }
    const exact = askedOf(question);
    const hits = scored(question).filter((h) => h.passage !== offTopic && h.passage !== exact);
    const first = exact && exact !== offTopic ? [exactHit(exact)] : [];
    return [...first, ...hits].slice(0, limit);
  }

  /**
   * One question's tier: sure (a passage answers it), unsure (the best three passages, to
   * suggest) or none.
   */
  function tierOf(question, limit = 3) {
    const exact = askedOf(question);
    if (exact === offTopic) return { tier: "none" };
    if (exact) return { tier: "sure", hits: [exactHit(exact)] };
    // Only everyday words ("och hur funkar den?"): nothing to answer from.
    if (topicsOf(question).every((t) => t.everyday)) return { tier: "none" };
    const hits = scored(question);
    const best = hits[0]?.confidence ?? -Infinity;
    const floor = unsureFloor(question);
    // Most like a question the site cannot answer: nothing to answer or suggest.
    if (hits[0]?.passage === offTopic && best >= floor) return { tier: "none" };
    // A lone match has nothing close behind it: -Infinity.
    const next = Math.max(...hits.slice(1).map((h) => h.confidence));
    const clear = best >= CLEAR_AT && hits[0].passage !== offTopic && best - next >= CLEAR_GAP_AT;
    if (best >= SURE_AT || clear)
      return {
        tier: "sure",
        hits: hits.filter((h, i) => (i === 0 || h.confidence >= SURE_AT) && h.passage !== offTopic).slice(0, limit),
      };
    if (best < floor) return { tier: "none" };
    const suggestions = hits.flatMap((h) => (h.passage.question && h.confidence > 0 ? [h.passage] : [])).slice(0, 3);
    return suggestions.length ? { tier: "unsure", suggestions } : { tier: "none" };
  }

  /**
   * Emma's knowledge answer by confidence. A follow-up with no topic of its own ("och hur funkar
   * den?") is read with the visitor's previous question.
   * @param {string} question
   * @param {{ history?: string[] }} [options] the visitor's earlier messages, oldest first
   * @returns {KnowledgeAnswer}
   */
  function answer(question, { history = [] } = {}) {
    const alone = tierOf(question);
    const previous = history.at(-1);
    // Only a question with no topic of its own ("och hur funkar den?") is read with the previous
    // one: a word of its own makes it a new subject, which the previous one must not take over.
    const ownTopic = topicsOf(question).some((t) => !t.everyday);
    if (alone.tier === "sure" || !previous || ownTopic || declines(question)) return alone;
    const together = tierOf(`${previous} ${question}`);
    return together.tier === "sure" ? together : alone;
  }

  /**
   * The best passages for the site's AI, with no cut-off (the model judges relevance): those of
   * the question, and every third one of the visitor's previous question, for a follow-up.
   * @param {string} question
   * @param {{ history?: string[], limit?: number }} [options]
   * @returns {Passage[]}
   */
  function rank(question, { history = [], limit = 6 } = {}) {
    const found = (q) => scored(q, { confident: false }).flatMap((h) => (h.passage === offTopic ? [] : [h.passage]));
    const alone = found(question);
    const previous = history.at(-1);
    const before = previous ? found(previous) : [];
    const out = new Map();
    const add = (p) => p && out.size < limit && out.set(p.id, p);
    for (let i = 0, j = 0; out.size < limit && (i < alone.length || j < before.length);) {
      add(alone[i++]);
      add(alone[i++]);
      add(before[j++]);
    }
    return [...out.values()];
  }

  /**
   * Of the canned groups whose keywords a message has (their passages' ids, in the groups' order),
   * the one that answers it, or null: then it is asked as any other (decision 025).
   * @param {string} question
   * @param {string[]} ids
   */
  function pickCanned(question, ids) {
    const exact = askedOf(question);
    const passageless = ids.find((id) => !byId.has(id));
    // Asked as an off-topic example ("vad blir det för väder imorgon"): a group with no passage may answer.
    if (exact === offTopic) return passageless ?? null;
    if (exact) return ids.includes(exact.id) ? exact.id : null;
    // Nothing to weigh ("vad gör ni?", "hej"): the keywords decide, as the spec's groups do.
    if (topicsOf(question).every((t) => t.everyday)) return ids[0] ?? null;
    const hits = scored(question);
    let best = null;
    for (const id of ids) {
      const own = hits.find((h) => h.passage.id === id);
      // A keyword that is only part of the question ("kostar" in "mötet, kostar det nåt?") must not
      // decide: the group's passage must be as sure as a clear answer.
      if (!own || own.confidence < CLEAR_AT) continue;
      // Only a sure passage with every word this group's passage has is the better answer.
      const rival = hits.some(
        (h) =>
          h !== own &&
          (h.coverage > own.coverage || (h.coverage === own.coverage && h.score > 2 * own.score)) &&
          h.confidence >= SURE_AT &&
          own.topics.every((f, i) => !f || h.topics[i]),
      );
      if (!rival && (!best || own.coverage > best.coverage)) best = own;
    }
    if (best) return best.passage.id;
    // A group with no passage (greeting, weather) answers when nothing on the site matches.
    const floor = unsureFloor(question);
    return passageless && hits.every((h) => h.passage === offTopic || h.confidence < floor) ? passageless : null;
  }

  /** A message that starts with no or thanks and has nothing after it but stop words. */
  function declines(text) {
    const ws = words(text);
    if (text.includes("?") || ws.some((w) => QUESTION_WORDS.has(w))) return false;
    return DECLINE.has(ws[0]) && ws.every((w) => DECLINE.has(w) || stop.has(w));
  }

  /**
   * Where unsure begins. A visitor who describes their need at length (words of any kind, also
   * everyday ones and ones the site lacks) is suggested passages on less evidence (decision 030).
   */
  function unsureFloor(question) {
    return topicsOf(question).length >= LONG_TOPICS ? UNSURE_LONG : UNSURE_AT;
  }

  return {
    search,
    answer,
    rank,
    pickCanned,
    /** Whether a text has any word that says something about a topic. */
    hasTopic: (text) => topicsOf(text).length > 0,
    declines,
    /** Whether a text names a topic the site has words for, beyond the everyday ones. */
    asksAbout: (text) => topicsOf(text).some((t) => t.known && !t.everyday),
    passage: (id) => byId.get(id),
    /** The index's terms for a word (`everydayTerms`). */
    termsOf: (word) => processTerm(word) ?? [],
    passages,
    termCacheSize: () => processed.size,
    resultCacheSize: () => remembered.size,
  };
}
