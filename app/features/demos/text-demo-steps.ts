import { cannedReplyGroups, demoDefaultReply } from "~/content/canned-replies";
import { cannedReply } from "~/lib/canned-reply";
import type { KnowledgeHit } from "~/lib/knowledge/load-knowledge";
import type { Transition } from "./step-runner";

/**
 * The /demo text demo (spec §4 'Text demo'): a simulated 1500 ms of thinking, then a canned
 * answer, else an answer from the site's knowledge (the chat's), else the demo's default.
 */
export type TextDemoState =
  | { phase: "idle" }
  | { phase: "thinking"; question: string }
  | { phase: "answered"; question: string; answer: DemoAnswer };

export const textDemoThinkingMs = 1500;

export const textDemoIdle: TextDemoState = { phase: "idle" };

export type Search = (question: string) => KnowledgeHit[];

export interface DemoAnswer {
  text: string;
  /** The page the answer comes from, for a knowledge answer. */
  link?: { href: string; label: string };
  /** Nothing on the site answered: the demo's default reply (reported to the operator's page). */
  unanswered?: true;
}

export function demoAnswer(question: string, search?: Search): DemoAnswer {
  const canned = cannedReply(question, cannedReplyGroups);
  if (canned) return { text: canned.reply };
  const hit = search?.(question)[0];
  if (hit) return { text: hit.passage.answer, link: { href: hit.passage.href, label: hit.passage.linkLabel } };
  return { text: demoDefaultReply, unanswered: true };
}

/** The thinking state for what the visitor typed, or null for an empty question (nothing happens). */
export function askQuestion(input: string): TextDemoState | null {
  const question = input.trim();
  return question ? { phase: "thinking", question } : null;
}

export const textDemoTransition =
  (search?: Search): Transition<TextDemoState> =>
  (state) =>
    state.phase === "thinking"
      ? {
          after: textDemoThinkingMs,
          next: () => ({ phase: "answered", question: state.question, answer: demoAnswer(state.question, search) }),
        }
      : null;
