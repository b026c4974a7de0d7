import { createKnowledgeIndex } from "#common/search.mjs";

// No cut-off on the passages ranked best: the model judges their relevance (decision 019).

/** The spec's AI parameters (§7, §9). */
export const PARAMETERS = { temperature: 0.3, max_tokens: 400, frequency_penalty: 0.5 };
/** Passages sent at most, and the characters they may take together (the first always goes). */
export const PROMPT_PASSAGES = 8;
export const PASSAGE_CHARS = 2400;
/** The first passages (the home page: what we do, the four services, about us, contact). */
const OVERVIEW_PASSAGES = 7;
/** The whole prompt's bound; the history gives way, oldest first. */
export const PROMPT_MAX_TOKENS = 2500;
/** How the reference text names a passage ("[1] Title (/path)"); the evaluation reads it back. */
export const passageKey = (passage) => `${passage.title} (${passage.href})`;

/** On the safe side: GPT-4.1's o200k measured at least 3.36 characters a token here (decision 019). */
export const estimateTokens = (text) => Math.ceil(text.length / 3);
/** What a request's messages may cost at most, as the budget reserves it: a few tokens a message more. */
export const estimatePromptTokens = (messages) => messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);

/** @param {{ persona: string, referenceNote: string, facts?: string, passages: { title: string, text: string, href: string }[],
 *   history: { role: "user" | "assistant", content: string }[], question: string, model: string }} input */
export function providerBody({ persona, referenceNote, facts = "", passages, history, question, model }) {
  const found = passages.length
    ? passages.map((p, i) => `[${i + 1}] ${passageKey(p)}\n${p.text}`).join("\n\n")
    : "(Ingen text på webbplatsen matchar frågan.)";
  const reference = facts ? `${facts}\n\n${found}` : found;
  return {
    model,
    messages: [
      { role: "system", content: persona },
      { role: "system", content: `${referenceNote}\n<referenstext>\n${reference}\n</referenstext>` },
      ...history,
      { role: "user", content: question },
    ],
    ...PARAMETERS,
    stream: true,
    stream_options: { include_usage: true },
  };
}

/** A turn of the event loop each: between two questions' builds, what came meanwhile (an answer's
 * first token, a new question) is handled, not after all of them (decision 068). */
function createTurns() {
  /** @type {(() => void)[]} */
  const waiting = [];
  const next = () => {
    const go = waiting.shift();
    if (waiting.length) setImmediate(next);
    go?.();
  };
  return () =>
    new Promise((resolve) => {
      if (waiting.push(() => resolve(undefined)) === 1) setImmediate(next);
    });
}

/** @param {import("#common/passage").KnowledgeArtifact & import("#common/passage").AssistantText} artifact */
export function createPromptBuilder(artifact) {
  const index = createKnowledgeIndex(artifact);
  return {
    index,
    /** Resolves when this question's build may run. */
    turn: createTurns(),
    /** @param {{ question: string, history: { role: "user" | "assistant", content: string }[], model: string }} input */
    build({ question, history, model }) {
      const asked = history.filter((m) => m.role === "user").map((m) => m.content);
      const passages = [];
      let chars = 0;
      // Few matches leave room, which the overview passages fill, so the model is never starved.
      const ranked = index.rank(question, { history: asked, limit: PROMPT_PASSAGES });
      for (const p of new Set([...ranked, ...artifact.passages.slice(0, OVERVIEW_PASSAGES)])) {
        if (passages.length >= PROMPT_PASSAGES || (passages.length && chars + p.text.length > PASSAGE_CHARS)) continue;
        passages.push(p);
        chars += p.text.length;
      }
      const kept = [...history];
      const tokens = () =>
        estimateTokens(
          providerBody({ ...artifact, passages, history: kept, question, model })
            .messages.map((m) => m.content)
            .join(""),
        );
      while (kept.length && tokens() > PROMPT_MAX_TOKENS) kept.shift();
      return providerBody({ ...artifact, passages, history: kept, question, model });
    },
  };
}
