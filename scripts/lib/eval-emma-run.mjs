// Runs Emma's evaluation (decision 019) for `npm run eval:emma` and the bench: each question set
// through the knowledge path and the site's AI endpoint (in-process, fake provider on loopback).
import { Hono } from "hono";
import { createKnowledgeIndex } from "../../app/lib/knowledge/search.mjs";
import { mountAssistant } from "../../server/assistant.mjs";
import { evaluateAi, evaluateKnowledge, report } from "./eval-emma.mjs";
import { startFakeProvider } from "./fake-ai-provider.mjs";
import { loadModule } from "./site-config.mjs";

/**
 * @param {{ misses?: boolean, only?: string | null }} [options] misses: list what went wrong
 *   (never for the held-out half: it is read only for its figures); only: one set by name
 */
export async function runEvaluation({ misses = false, only = null } = {}) {
  const [
    { knowledgeArtifact },
    visitor,
    { heldOutSetB },
    { tuningSetC },
    { heldOutSetD },
    old,
    { cannedReplyGroups, cannedPassageId },
    ladder,
  ] = await Promise.all([
    loadModule("app/content/knowledge.ts"),
    loadModule("app/content/visitor-questions.ts"),
    loadModule("app/content/visitor-questions-b.ts"),
    loadModule("app/content/visitor-questions-c.ts"),
    loadModule("app/content/visitor-questions-d.ts"),
    loadModule("app/content/knowledge-questions.ts"),
    loadModule("app/content/canned-replies.ts"),
    loadModule("app/features/chat/answer-ladder.ts"),
  ]);
  const artifact = knowledgeArtifact();
  const index = createKnowledgeIndex(artifact);
  const byId = new Map(artifact.passages.map((p) => [p.id, p]));
  const path = {
    index,
    canned: (q) => {
      const g = ladder.chooseCanned(q, cannedReplyGroups, index);
      return g ? { href: byId.get(cannedPassageId(g.group))?.href } : null;
    },
    leadOnly: (q) => ladder.onlyAsksForContact(q, index),
  };

  const fromVisitor = (list) => list.map((v) => ({ q: v.q, pages: visitor.expectedPages(v) }));
  const sets = [
    ["tuning half", fromVisitor(visitor.tuningHalf)],
    ["tuning set C", fromVisitor(tuningSetC)],
    ["held-out half", fromVisitor(visitor.heldOutHalf)],
    ["held-out set B", fromVisitor(heldOutSetB)],
    ["held-out set D", fromVisitor(heldOutSetD)],
    [
      "old set (regression)",
      [...old.questions.map(([q, ...pages]) => ({ q, pages })), ...old.offTopic.map((q) => ({ q, pages: ["none"] }))],
    ],
  ].filter(([name]) => !only || name.startsWith(only));

  const provider = await startFakeProvider();
  provider.answerWith({ kind: "stream", tokens: ["Svar."] });
  const app = new Hono();
  mountAssistant(app, {
    root: "/nonexistent",
    knowledge: artifact,
    log: () => {},
    env: {
      AI_API_KEY: "eval-key",
      AI_BASE_URL: provider.baseUrl,
      AI_RATE_PER_MINUTE: "1000000",
      AI_RATE_PER_DAY: "1000000",
      AI_DAILY_TOKENS: "1000000000",
    },
  });
  const ai = {
    async ask(q) {
      const res = await app.request("/api/assistant", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost" },
        body: JSON.stringify({ message: q, history: [] }),
      });
      await res.text();
      if (res.status !== 200) throw new Error(`assistant answered ${res.status} to ${q}`);
    },
    lastRequest: () => provider.requests.at(-1).body,
  };

  const lines = [];
  const figures = {};
  try {
    for (const [name, questions] of sets) {
      const k = evaluateKnowledge(path, questions);
      const a = await evaluateAi(ai, questions);
      lines.push(...report(name, k, a));
      figures[name] = { knowledge: { ...k, misses: undefined }, ai: { ...a, misses: undefined } };
      if (misses && !name.startsWith("held-out")) lines.push(...[...k.misses, ...a.misses].map((m) => `    ${m}`));
    }
  } finally {
    await provider.close();
  }
  return { lines, figures };
}

/**
 * The knowledge path's constants over a grid, on the tuning sets only (decision 025): the points
 * with at most 5 % wrong and 90 % no passage for the unanswerable, best first.
 * @param {{ top?: number }} [options]
 */
export async function runGrid({ top = 15 } = {}) {
  const [{ knowledgeArtifact }, visitor, { tuningSetC }, { cannedReplyGroups, cannedPassageId }, ladder] =
    await Promise.all([
      loadModule("app/content/knowledge.ts"),
      loadModule("app/content/visitor-questions.ts"),
      loadModule("app/content/visitor-questions-c.ts"),
      loadModule("app/content/canned-replies.ts"),
      loadModule("app/features/chat/answer-ladder.ts"),
    ]);
  const artifact = knowledgeArtifact();
  const byId = new Map(artifact.passages.map((p) => [p.id, p]));
  const questions = [...visitor.tuningHalf, ...tuningSetC].map((v) => ({ q: v.q, pages: visitor.expectedPages(v) }));
  const range = (from, to, step) =>
    Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);
  const points = [];
  for (const bonus of [0.05, 0.075, 0.1])
    for (const penalty of [0.75, 1, 1.5])
      for (const sure of range(1, 1.3, 0.1))
        for (const unsure of range(0.2, 0.6, 0.1)) {
          if (unsure >= sure) continue;
          const index = createKnowledgeIndex(artifact, { sure, unsure, bonus, penalty });
          const path = {
            index,
            canned: (q) => {
              const g = ladder.chooseCanned(q, cannedReplyGroups, index);
              return g ? { href: byId.get(cannedPassageId(g.group))?.href } : null;
            },
            leadOnly: (q) => ladder.onlyAsksForContact(q, index),
          };
          const k = evaluateKnowledge(path, questions);
          if (k.wrong > 0.05 * k.answerable || k.none < 0.9 * k.unanswerable) continue;
          const score = k.correct + k.suggested + 0.25 * k.correct;
          points.push({
            bonus,
            penalty,
            sure: +sure.toFixed(2),
            unsure: +unsure.toFixed(2),
            ...k,
            misses: undefined,
            score,
          });
        }
  points.sort((a, b) => b.score - a.score || a.wrong - b.wrong);
  return points
    .slice(0, top)
    .map(
      (p) =>
        `bonus ${p.bonus} penalty ${p.penalty} sure ${p.sure} unsure ${p.unsure}: correct ${p.correct}, suggested ${p.suggested}, wrong ${p.wrong} of ${p.answerable}; no passage ${p.none} of ${p.unanswerable}`,
    );
}
