// Runs Emma's evaluation (decision 019) for `npm run eval:emma` and the bench: each question set
// through the knowledge path and the site's AI endpoint (in-process, fake provider on loopback).
import { Hono } from "hono";
import { exampleKey } from "#common/compact.mjs";
import { createKnowledgeIndex } from "#common/search.mjs";
import { mountAssistant } from "../../server/routes/assistant.mjs";
import { passageKey } from "../../server/routes/assistant-prompt.mjs";
import {
  evaluateAi,
  evaluateKnowledge,
  knowledgePath,
  leaveOneSetOut,
  report,
  reportByPage,
  reportLeftOut,
  reportUnlike,
} from "./score.mjs";
import { startFakeProvider } from "../../server/testing/fake-ai-provider.mjs";
import { existsSync, readFileSync } from "node:fs";
import { loadModule, PAGE_TEXT_FILE } from "../../scripts/lib/site-config.mjs";

/** The pages' visible text as the last build read it (decision 073); without a build, the written passages alone. */
function builtPagesText() {
  const file = `${process.env.BUILD_DIR ?? "build"}/${PAGE_TEXT_FILE}`;
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  console.warn(`eval: no ${file}: run npm run build first for the passages of the pages' text`);
  return [];
}

/**
 * @param {{ misses?: boolean, only?: string | null }} [options] misses: list what went wrong
 *   (never for the held-out sets: they are read only for their figures); only: one set by name
 */
export async function runEvaluation({ misses = false, only = null } = {}) {
  const [
    { knowledgeArtifact },
    { questionSets, exampleSets, exampleQuestions, regressionSet },
    { expectedPages },
    { cannedReplyGroups, cannedPassageId },
    ladder,
    { phrasings },
  ] = await Promise.all([
    loadModule("app/content/knowledge.ts"),
    loadModule("evals/emma/manifest.ts"),
    loadModule("evals/emma/question-set.ts"),
    loadModule("app/content/canned-replies.ts"),
    loadModule("app/features/chat/answer-ladder.ts"),
    loadModule("app/content/phrasings.ts"),
  ]);
  const pages = builtPagesText();
  const artifact = knowledgeArtifact({ examples: exampleQuestions, pages });
  // A held-out question with the key of a tuning question or phrasing is answered as that example.
  const keyOf = exampleKey(artifact.fillers);
  const taught = new Set([...exampleQuestions.map((v) => v.q), ...Object.values(phrasings).flat()].map(keyOf));
  const index = createKnowledgeIndex(artifact);
  const path = knowledgePath(index, artifact, { cannedReplyGroups, cannedPassageId }, ladder);

  const fromVisitor = (list) => list.map((v) => ({ q: v.q, pages: expectedPages(v), answers: v.answers }));
  const byPage = (questions) => questions.map(({ q, pages }) => ({ q, pages }));
  const sets = [
    ...questionSets.map((set) => [set.name, fromVisitor(set.questions)]),
    [
      regressionSet.name,
      [
        ...regressionSet.questions.map(([q, ...pages]) => ({ q, pages })),
        ...regressionSet.offTopic.map((q) => ({ q, pages: ["none"] })),
      ],
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
    idOf: (key) => idByKey.get(key),
  };
  const idByKey = new Map(artifact.passages.map((p) => [passageKey(p), p.id]));

  const lines = [];
  const figures = {};
  if (!only || "tuning".startsWith(only) || only.startsWith("tuning")) {
    const canned = { cannedReplyGroups, cannedPassageId };
    const k = leaveOneSetOut(
      exampleSets,
      (examples, leftOut) => knowledgeArtifact({ examples, leftOut, pages }),
      (a) => knowledgePath(createKnowledgeIndex(a), a, canned, ladder),
    );
    lines.push(...reportLeftOut(k));
    figures["leave-one-set-out"] = { knowledge: { ...k, misses: undefined } };
  }
  try {
    for (const [name, questions] of sets) {
      const k = evaluateKnowledge(path, questions);
      const a = await evaluateAi(ai, questions);
      lines.push(...report(name, k, a, { byPassages: questions.some((v) => v.answers) }));
      figures[name] = { knowledge: { ...k, misses: undefined }, ai: { ...a, misses: undefined } };
      if (name.startsWith("held-out")) {
        const unlike = questions.filter((v) => !taught.has(keyOf(v.q)));
        const unlikeK = evaluateKnowledge(path, unlike);
        lines.push(...reportUnlike(unlikeK, questions.length - unlike.length));
        figures[name].unlike = { ...unlikeK, misses: undefined };
      }
      if (questions.some((v) => v.answers)) {
        const pageK = evaluateKnowledge(path, byPage(questions));
        lines.push(...reportByPage(pageK));
        figures[name].byPage = { ...pageK, misses: undefined };
      }
      if (misses && !name.startsWith("held-out")) lines.push(...[...k.misses, ...a.misses].map((m) => `    ${m}`));
    }
  } finally {
    await provider.close();
  }
  return { lines, figures };
}

/**
 * The knowledge path's constants over a grid around today's, on the tuning sets left out one at a
 * time (decisions 028, 029): the points with at most 5 % wrong that leave as many unanswerable questions
 * alone as today's, best first by correct + suggested, a right answer counting a quarter more than
 * a right suggestion.
 * @param {{ top?: number }} [options]
 */
export async function runGrid({ top = 15 } = {}) {
  const [{ knowledgeArtifact }, { exampleSets }, canned, ladder] = await Promise.all([
    loadModule("app/content/knowledge.ts"),
    loadModule("evals/emma/manifest.ts"),
    loadModule("app/content/canned-replies.ts"),
    loadModule("app/features/chat/answer-ladder.ts"),
  ]);
  // One artifact per left-out set, built on the first point and asked again on every other.
  const artifacts = new Map();
  const measure = (constants) =>
    leaveOneSetOut(
      exampleSets,
      (examples, leftOut) =>
        artifacts.get(leftOut) ??
        artifacts.set(leftOut, knowledgeArtifact({ examples, leftOut, pages: builtPagesText() })).get(leftOut),
      (a) => knowledgePath(createKnowledgeIndex(a, constants), a, canned, ladder),
    );
  const today = measure(undefined);
  const points = [];
  for (const penalty of [0.5, 0.75])
    for (const sure of [1, 1.1, 1.2])
      for (const unsure of [0.35, 0.45, 0.55])
        for (const gap of [0.2, 0.3, 0.4]) {
          const k = measure({ sure, unsure, penalty, gap });
          if (k.wrong > 0.05 * k.answerable || k.none < today.none) continue;
          points.push({ penalty, sure, unsure, gap, ...k, score: k.correct * 1.25 + k.suggested });
        }
  points.sort((a, b) => b.score - a.score || a.wrong - b.wrong);
  const line = (p) =>
    `correct ${p.correct}, suggested ${p.suggested}, wrong ${p.wrong} of ${p.answerable}; no passage ${p.none} of ${p.unanswerable}`;
  return [
    `today: ${line(today)}`,
    ...points
      .slice(0, top)
      .map((p) => `penalty ${p.penalty} sure ${p.sure} unsure ${p.unsure} clear gap ${p.gap}: ${line(p)}`),
  ];
}
