import { chatCopy, retryIn } from "~/content/chat";
import { reportQuestion } from "~/lib/insights-report";
import type { AiResult } from "./ai-client";
import { hasTriggerWord } from "./trigger-words";

/** A passage that answers the question (from app/lib/knowledge/search.mjs). */
export interface KnowledgeReply {
  passage: { answer: string; href: string; linkLabel: string };
}

/** A knowledge answer: the passage's sentences and a link to where the site says it. */
export function knowledgeReply({ passage }: KnowledgeReply): string {
  return `${passage.answer}\n\n[${chatCopy.replies.readMore}: ${passage.linkLabel}](${passage.href})`;
}

type Failure = Extract<AiResult, { ok: false }>;

/**
 * Emma's answer when no AI answers (none configured, or the site's failed or refused): the
 * site's own content if it has the answer, else what happened, else a pointer to the lead form
 * for a message that asks for contact, and only then the spec's API-key message.
 */
export function fallbackReply(message: string, hits: readonly KnowledgeReply[], failure?: Failure): string {
  const best = hits[0];
  reportQuestion(message, best ? "site" : "none");
  if (best) return knowledgeReply(best);
  const wait = retryIn(failure?.retryAfterS);
  if (failure?.limit === "visitor-minute") return chatCopy.replies.rateLimited(wait);
  if (failure?.limit === "visitor-day") return chatCopy.replies.dailyLimit(wait);
  if (failure?.limit === "budget") return chatCopy.replies.budgetSpent(wait);
  if (hasTriggerWord(message)) return chatCopy.replies.leadAck;
  if (failure) return chatCopy.replies.failed;
  return chatCopy.replies.needsKey;
}

/** What Emma shows for the site's AI answer: the answer, what came before a cut, or a fallback. */
export function siteReplyText(result: AiResult, fallback: () => string): string | null {
  if (result.ok) return result.text.trim() ? result.text : chatCopy.replies.empty;
  if (result.kind === "aborted") return result.partial ? result.partial : null;
  if (result.partial) return `${result.partial}\n\n${chatCopy.replies.interrupted}`;
  return fallback();
}
