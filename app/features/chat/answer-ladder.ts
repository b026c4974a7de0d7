import { cannedPassageId, type CannedReplyGroup } from "~/content/canned-replies";
import { chatCopy, retryIn } from "~/content/chat";
import { cannedReplies } from "~/lib/canned-reply";
import { withoutKeywords } from "~/lib/keyword-match";
import { reportQuestion } from "~/lib/insights-report";
import type { AiResult } from "./ai-client";
import type { ToolUi } from "./tool-ui";
import { hasTriggerWord, withoutTriggerWords } from "./trigger-words";

/** A passage that answers the question (from common/search.mjs). */
export interface KnowledgeReply {
  passage: { answer: string; href: string; linkLabel: string; lead?: boolean };
}

/** A question Emma offers when she is unsure, as a button that asks it. */
export interface Suggestion {
  id: string;
  question: string;
}

/** Emma's knowledge answer by confidence (search.mjs `answer`). */
export type KnowledgeAnswer =
  | { tier: "sure"; hits: KnowledgeReply[] }
  | { tier: "unsure"; suggestions: { id: string; question: string }[] }
  | { tier: "none" };

export interface Reply {
  text: string;
  suggestions?: Suggestion[];
  /** What Emma's tools show with the text (the site's AI only). */
  ui?: ToolUi[];
}

/**
 * A knowledge answer: the passage's sentences and a link to where the site says it. A passage
 * about getting in touch also names the lead form: on screen (or about to be), or how to get it.
 */
export function knowledgeReply({ passage }: KnowledgeReply, leadForm = false): string {
  return `${passage.answer}${leadLine(passage, leadForm)}\n\n[${chatCopy.replies.readMore}: ${passage.linkLabel}](${passage.href})`;
}

const leadLine = (about: { lead?: boolean }, leadForm: boolean) =>
  about.lead ? `\n\n${leadForm ? chatCopy.replies.leadFormHere : chatCopy.replies.leadOffer}` : "";

/** A canned reply in the chat: one about getting in touch also names the lead form, as above. */
export const cannedReplyText = (group: Pick<CannedReplyGroup, "reply" | "lead">, leadForm = false): string =>
  `${group.reply}${leadLine(group, leadForm)}`;

/** The message without the words of a group that answers only on its own (the greeting's "hej"). */
export const withoutGreeting = (message: string, groups: readonly Pick<CannedReplyGroup, "keywords" | "alone">[]) =>
  withoutKeywords(
    message,
    groups.filter((g) => g.alone).flatMap((g) => g.keywords),
  );

/**
 * The canned reply for a message (spec §4): of the groups whose keywords it has, the one the
 * knowledge says is its topic (search.mjs `pickCanned`), the first one without knowledge. A
 * greeting with a question in it is the question's (decision 026).
 */
export function chooseCanned<G extends Pick<CannedReplyGroup, "group" | "keywords" | "reply" | "alone">>(
  message: string,
  groups: readonly G[],
  knowledge: { pickCanned(question: string, ids: string[]): string | null; asksAbout(text: string): boolean } | null,
): G | null {
  const all = cannedReplies(message, groups);
  if (all.length === 0 || !knowledge) return all[0] ?? null;
  const question = withoutGreeting(message, all);
  const matched = all.filter((g) => !g.alone || !knowledge.asksAbout(question));
  if (matched.length === 0) return null;
  // The greeting's words are no part of the question ("god morgon": morgon is no topic here).
  const id = knowledge.pickCanned(
    matched.length < all.length ? question : message,
    matched.map((g) => cannedPassageId(g.group)),
  );
  return matched.find((g) => cannedPassageId(g.group) === id) ?? null;
}

/** A message that only says yes or asks to be contacted: nothing in it is left to answer. */
export function onlyAsksForContact(message: string, knowledge: { hasTopic(text: string): boolean }): boolean {
  return hasTriggerWord(message) && !knowledge.hasTopic(withoutTriggerWords(message));
}

type Failure = Extract<AiResult, { ok: false }>;

/**
 * Emma's answer when no AI answers (none configured, or the site's failed or refused): the
 * site's own content if it has the answer, else what happened, else "Menar du…?" with the
 * questions it may have meant, else a pointer to the lead form for a message that asks for
 * contact, and only then the spec's API-key message.
 */
export function fallbackReply(
  message: string,
  answer: KnowledgeAnswer,
  failure?: Failure,
  { leadForm = false }: { leadForm?: boolean } = {},
): Reply {
  const sure = answer.tier === "sure" ? answer.hits[0] : undefined;
  const reply = fallbackText(message, answer, failure, leadForm);
  // A message that asks for contact is answered by the lead form: not a question Emma missed.
  reportQuestion(message, sure || reply.text === chatCopy.replies.leadAck ? "site" : "none");
  return reply;
}

function fallbackText(
  message: string,
  answer: KnowledgeAnswer,
  failure: Failure | undefined,
  leadForm: boolean,
): Reply {
  const sure = answer.tier === "sure" ? answer.hits[0] : undefined;
  if (sure) return { text: knowledgeReply(sure, leadForm) };
  const wait = retryIn(failure?.retryAfterS);
  if (failure?.limit === "visitor-minute") return { text: chatCopy.replies.rateLimited(wait) };
  if (failure?.limit === "visitor-day") return { text: chatCopy.replies.dailyLimit(wait) };
  if (failure?.limit === "budget") return { text: chatCopy.replies.budgetSpent(wait) };
  if (answer.tier === "unsure" && answer.suggestions.length) {
    return {
      text: chatCopy.replies.didYouMean,
      suggestions: answer.suggestions.slice(0, 3).map(({ id, question }) => ({ id, question })),
    };
  }
  if (hasTriggerWord(message)) return { text: chatCopy.replies.leadAck };
  if (failure) return { text: chatCopy.replies.failed };
  return { text: chatCopy.replies.needsKey };
}

/** What Emma shows for the site's AI answer: the answer, what came before a cut, or a fallback. */
export function siteReplyText(result: AiResult, fallback: () => Reply): Reply | null {
  // A tool's UI speaks for itself when the model said nothing with it.
  if (result.ui?.length) return { text: result.ok ? result.text : result.partial, ui: result.ui };
  if (result.ok) return { text: result.text.trim() ? result.text : chatCopy.replies.empty };
  if (result.kind === "aborted") return result.partial ? { text: result.partial } : null;
  if (result.partial) return { text: `${result.partial}\n\n${chatCopy.replies.interrupted}` };
  return fallback();
}
