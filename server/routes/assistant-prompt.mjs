import { createKnowledgeIndex } from "#common/search.mjs";

/**
 * What the site's AI gets for a question (decision 019): Emma's persona, the company's fact sheet
 * and the passages retrieval ranks best for the question and the visitor's previous one, with no
 * cut-off (the model judges relevance), within a token bound; the history; the question last.
 */

/** The spec's AI parameters (§7, §9). */
export const PARAMETERS = { temperature: 0.3, max_tokens: 400, frequency_penalty: 0.5 };
/** Passages sent at most, and the characters they may take together (the first always goes). */
export const PROMPT_PASSAGES = 8;
export const PASSAGE_CHARS = 2400;
/** The first passages (the home page: what we do, the four services, about us, contact). */
const OVERVIEW_PASSAGES = 7;
/** The whole prompt's bound; the history gives way, oldest first. */
export const PROMPT_MAX_TOKENS = 2500;
/** A bound from characters: Swedish runs 3.5–4.5 characters a token in GPT-4.1's o200k (decision 019). */
/** How the reference text names a passage ("[1] Title (/path)"); the evaluation reads it back. */
export const passageKey = (passage) => `${passage.title} (${passage.href})`;

export const estimateTokens = (text) => Math.ceil(text.length / 3);
/** What a request's messages may cost at most, as the budget reserves it: a few tokens a message more. */
export const estimatePromptTokens = (messages) => messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);

/**
 * The provider request: persona, the fact sheet and passages as reference text, a bounded
 * history, the question last.
 * @param {{ persona: string, referenceNote: string, facts?: string, passages: { title: string, text: string, href: string }[],
 *   history: { role: "user" | "assistant", content: string }[], question: string, model: string }} input
 */
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

/**
 * @param {import("#common/passage").KnowledgeArtifact & import("#common/passage").AssistantText} artifact
 */
export function createPromptBuilder(artifact) {
  const index = createKnowledgeIndex(artifact);
  return {
    index,
    /**
     * @param {{ question: string, history: { role: "user" | "assistant", content: string }[], model: string }} input
     */
    build({ question, history, model }) {
      const asked = history.filter((m) => m.role === "user").map((m) => m.content);
      const passages = [];
      let chars = 0;
      // Few matches ("hur länge har ni hållit på?") leave room: the site's overview passages, in
      // the pages' order (the home page's first), fill it, so the model is never starved.
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
