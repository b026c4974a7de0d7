// Emma's evaluation (issue 27, decision 019): how her two paths do on a question set. The
// knowledge path (no AI) as the chat answers: canned reply, else a sure answer, suggestions or
// nothing. The AI path: which passages reach the model, and how many tokens the prompt has.
const NONE = "none";

/**
 * @typedef {{ q: string, pages: string[], answers?: string[] }} EvalQuestion pages ["none"]: the site
 *   cannot answer it; answers: the passages judged to answer it (decision 027), then they decide
 *   and [] means the site cannot answer it
 * @typedef {{ index: any, canned: (q: string) => { href?: string, id?: string } | null, leadOnly?: (q: string) => boolean, question?: (q: string) => string }} KnowledgePath
 */

/**
 * The knowledge path as the chat runs it (app/features/chat/use-chat.ts): canned reply, contact
 * only, else the index's answer to the question without the greeting's words.
 * @param {any} index `createKnowledgeIndex`'s
 * @param {{ passages: { id: string, href: string }[] }} artifact
 * @param {{ cannedReplyGroups: any[], cannedPassageId: (group: any) => string }} canned canned-replies.ts
 * @param {{ chooseCanned: Function, onlyAsksForContact: Function, withoutGreeting: Function }} ladder answer-ladder.ts
 * @returns {KnowledgePath}
 */
export function knowledgePath(index, artifact, { cannedReplyGroups, cannedPassageId }, ladder) {
  const byId = new Map(artifact.passages.map((p) => [p.id, p]));
  return {
    index,
    canned: (q) => {
      const g = ladder.chooseCanned(q, cannedReplyGroups, index);
      const id = g && cannedPassageId(g.group);
      return g ? { href: byId.get(id)?.href, id } : null;
    },
    leadOnly: (q) => ladder.onlyAsksForContact(q, index),
    question: (q) => ladder.withoutGreeting(q, cannedReplyGroups),
  };
}

/**
 * What the knowledge path gives a question, as the chat without AI: "sure" with a page, "unsure"
 * with pages, or "none". `canned` gives the group that answers, if any (decision 025).
 */
export function knowledgeOutcome(path, q) {
  const canned = path.canned(q);
  if (canned) {
    return canned.href
      ? { tier: "sure", pages: [canned.href], ids: [canned.id], via: canned.id ?? "canned" }
      : { tier: "none", pages: [] };
  }
  if (path.leadOnly?.(q)) return { tier: "none", pages: [] };
  if (typeof path.index.answer === "function") {
    const a = path.index.answer(path.question?.(q) ?? q);
    const first = a.tier === "sure" ? a.hits[0].passage : null;
    if (first) return { tier: "sure", pages: [first.href], ids: [first.id], via: first.id };
    if (a.tier === "unsure")
      return { tier: "unsure", pages: a.suggestions.map((s) => s.href), ids: a.suggestions.map((s) => s.id) };
    return { tier: "none", pages: [] };
  }
  // Before issue 27: a passage above the cut-off, or nothing.
  const hit = path.index.search(q)[0];
  return hit
    ? { tier: "sure", pages: [hit.passage.href], ids: [hit.passage.id], via: hit.passage.id }
    : { tier: "none", pages: [] };
}

/**
 * The knowledge path's figures on a set: for answerable questions correct / wrong / suggested (the
 * right topic among the suggestions) / suggested-other / nothing; for the others, none / passage /
 * suggestions.
 * @param {KnowledgePath} path
 * @param {EvalQuestion[]} questions
 */
export function evaluateKnowledge(path, questions) {
  const r = { answerable: 0, correct: 0, wrong: 0, suggested: 0, suggestedOther: 0, nothing: 0 };
  const u = { unanswerable: 0, none: 0, passage: 0, suggestions: 0 };
  const misses = [];
  for (const { q, pages, answers } of questions) {
    const o = knowledgeOutcome(path, q);
    if (answers ? answers.length === 0 : pages[0] === NONE) {
      u.unanswerable++;
      if (o.tier === "none") u.none++;
      else {
        u[o.tier === "sure" ? "passage" : "suggestions"]++;
        misses.push(`[unanswerable got ${o.tier}] ${q} → ${o.via ?? o.pages.join(", ")}`);
      }
      continue;
    }
    r.answerable++;
    const right = answers ? (o.ids ?? []).some((id) => answers.includes(id)) : o.pages.some((p) => pages.includes(p));
    if (o.tier === "sure" && right) r.correct++;
    else if (o.tier === "sure") r.wrong++;
    else if (o.tier === "unsure" && right) r.suggested++;
    else if (o.tier === "unsure") r.suggestedOther++;
    else r.nothing++;
    if (!(o.tier === "sure" && right)) {
      misses.push(
        `[${o.tier}${right ? ", right one suggested" : ""}] ${q} → ${o.via ?? ((o.ids ?? o.pages).join(", ") || "nothing")} (want ${(answers ?? pages).join(" ")})`,
      );
    }
  }
  return { ...r, ...u, misses };
}

/** Tokens of a chat-completions request's messages (o200k, GPT-4.1's encoding; 4 a message for the framing). */
export async function promptTokens(body) {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  return body.messages.reduce((n, m) => n + 4 + countTokens(m.content), 3);
}

const sentLines = (body) => [
  ...body.messages
    .map((m) => m.content)
    .join("\n")
    .matchAll(/^\[\d+\] (.*\((\/[^)\s]*)\))$/gmu),
];

/** The page paths of the passages in a provider request's reference text ("[1] Title (/path)"). */
export const groundedPages = (body) => sentLines(body).map((m) => m[2]);

/** The reference text's passages as "Title (/path)", as `passageKey` (server/routes/assistant-prompt.mjs) names one. */
export const groundedKeys = (body) => sentLines(body).map((m) => m[1]);

/** A passage in the prompt by its id; one the evaluation cannot name is a bug, not a miss. */
function passageId(ai, key) {
  const id = ai.idOf?.(key);
  if (!id) throw new Error(`no passage is "${key}"`);
  return id;
}

/**
 * The AI path's figures: each question goes to the site's endpoint (`ask`) and the provider's
 * request is read (`lastRequest`): grounding recall (the answering passage reached the model),
 * median and p95 prompt tokens.
 * @param {{ ask: (q: string) => Promise<void>, lastRequest: () => any, idOf?: (key: string) => string | undefined }} ai
 *   idOf: a passage's id by its `passageKey`, for questions labelled with passages
 * @param {EvalQuestion[]} questions
 */
export async function evaluateAi(ai, questions) {
  let answerable = 0;
  let grounded = 0;
  const tokens = [];
  const charsPerToken = [];
  const misses = [];
  for (const { q, pages, answers } of questions) {
    await ai.ask(q);
    const body = ai.lastRequest();
    tokens.push(await promptTokens(body));
    charsPerToken.push(body.messages.reduce((n, m) => n + m.content.length, 0) / tokens.at(-1));
    if (answers ? answers.length === 0 : pages[0] === NONE) continue;
    answerable++;
    const sent = answers ? groundedKeys(body).map((k) => passageId(ai, k)) : groundedPages(body);
    const want = answers ?? pages;
    if (sent.some((p) => want.includes(p))) grounded++;
    else misses.push(`[not grounded] ${q} → ${sent.join(", ") || "nothing"} (want ${want.join(" ")})`);
  }
  const sorted = [...tokens].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return {
    answerable,
    grounded,
    medianTokens: at(0.5),
    p95Tokens: at(0.95),
    maxTokens: sorted.at(-1),
    minCharsPerToken: Math.min(...charsPerToken),
    misses,
  };
}

/**
 * The knowledge path on each tuning set with the examples of the other sets only (decision 028):
 * what the examples are worth on questions they do not hold, summed over the sets.
 * @param {readonly { name: string, questions: readonly { q: string, answers?: string[] }[] }[]} sets
 * @param {(examples: any[], leftOut: any[]) => any} artifactWith `knowledgeArtifact({ examples, leftOut })`
 * @param {(artifact: any) => KnowledgePath} pathOf
 */
export function leaveOneSetOut(sets, artifactWith, pathOf) {
  const sum = {};
  for (const { name, questions } of sets) {
    const artifact = artifactWith(
      sets.filter((other) => other.name !== name).flatMap((other) => other.questions),
      questions,
    );
    const k = evaluateKnowledge(
      pathOf(artifact),
      questions.map((v) => ({ q: v.q, pages: [], answers: v.answers })),
    );
    for (const [key, value] of Object.entries(k)) if (typeof value === "number") sum[key] = (sum[key] ?? 0) + value;
  }
  return /** @type {ReturnType<typeof evaluateKnowledge>} */ ({ ...sum, misses: [] });
}

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)} %` : "–");

const knowledgeLines = (label, k) => [
  `  ${label}: correct ${k.correct} (${pct(k.correct, k.answerable)}), wrong ${k.wrong} (${pct(k.wrong, k.answerable)}), ` +
    `right topic suggested ${k.suggested}, other suggestions ${k.suggestedOther}, nothing ${k.nothing}; ` +
    `correct or suggested ${pct(k.correct + k.suggested, k.answerable)}`,
  `    cannot answer: no passage ${k.none} of ${k.unanswerable} (${pct(k.none, k.unanswerable)}), a passage ${k.passage}, suggestions ${k.suggestions}`,
];

/** The knowledge path's figures by the writer's page labels, beside those by the passages judged to answer. */
export const reportByPage = (k) => knowledgeLines("knowledge by the writer's page labels", k);

/** A held-out set's figures without its questions asked alike (the same key) in a tuning set or a phrasing. */
export const reportUnlike = (k, alike) =>
  knowledgeLines(`knowledge by passages, without the ${alike} asked alike in a tuning set`, k);

/** The line for the tuning sets measured by `leaveOneSetOut`. */
export const reportLeftOut = (k) => [
  `tuning sets, each with only the other sets' examples (leave-one-set-out): ${k.answerable} answerable, ${k.unanswerable} the site cannot answer`,
  ...knowledgeLines("knowledge (no AI), by passages", k),
];

/** The lines that `npm run eval:emma` prints for one set. */
export function report(name, k, ai, { byPassages = false } = {}) {
  const lines = [
    `${name}: ${k.answerable} answerable, ${k.unanswerable} the site cannot answer`,
    ...knowledgeLines(byPassages ? "knowledge (no AI), by passages" : "knowledge (no AI)", k),
  ];
  if (ai) {
    lines.push(
      `  site AI (fake provider): grounding recall ${ai.grounded}/${ai.answerable} (${pct(ai.grounded, ai.answerable)}), ` +
        `prompt tokens median ${ai.medianTokens}, p95 ${ai.p95Tokens}, max ${ai.maxTokens} ` +
        `(at least ${ai.minCharsPerToken.toFixed(2)} characters a token)`,
    );
  }
  return lines;
}
