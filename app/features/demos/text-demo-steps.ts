import { demoDefaultReply } from "~/content/canned-replies";
import { cannedReply } from "~/lib/canned-reply";
import type { Transition } from "./step-runner";

/** The /demo text demo (spec §4 'Text demo'): a simulated 1500 ms of thinking, then a canned answer. */
export type TextDemoState =
  { phase: "idle" } | { phase: "thinking"; question: string } | { phase: "answered"; question: string; answer: string };

export const textDemoThinkingMs = 1500;

export const textDemoIdle: TextDemoState = { phase: "idle" };

/** Emma's canned reply to the question, or the demo's default answer when no group matches. */
export function demoAnswer(question: string): string {
  return cannedReply(question)?.reply ?? demoDefaultReply;
}

/** The thinking state for what the visitor typed, or null for an empty question (nothing happens). */
export function askQuestion(input: string): TextDemoState | null {
  const question = input.trim();
  return question ? { phase: "thinking", question } : null;
}

export const textDemoTransition: Transition<TextDemoState> = (state) =>
  state.phase === "thinking"
    ? {
        after: textDemoThinkingMs,
        next: { phase: "answered", question: state.question, answer: demoAnswer(state.question) },
      }
    : null;
