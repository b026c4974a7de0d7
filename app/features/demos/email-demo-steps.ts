import type { StepStatus } from "./step-status";
import type { Transition } from "./step-runner";

/** The /demo email steps (spec §4, §9), 1500 ms each; `completed` counts the finished ones. */
export interface EmailDemoState {
  phase: "idle" | "running" | "done";
  completed: number;
}

export const emailStepMs = 1500;

export const emailDemoIdle: EmailDemoState = { phase: "idle", completed: 0 };
export const emailDemoStarted: EmailDemoState = { phase: "running", completed: 0 };

export function emailDemoTransition(stepCount: number): Transition<EmailDemoState> {
  return ({ phase, completed }) => {
    if (phase !== "running") return null;
    const next = completed + 1;
    return {
      after: emailStepMs,
      next: next >= stepCount ? { phase: "done", completed: stepCount } : { phase: "running", completed: next },
    };
  };
}

/** Whether step `index` (0-based) is done, running or still waiting. */
export function emailStepStatus(state: EmailDemoState, index: number): StepStatus {
  if (index < state.completed) return "done";
  return state.phase === "running" && index === state.completed ? "active" : "waiting";
}

/** What the demo's inbox shows: the e-mail from the first step, the answer from the fourth. */
export interface EmailDemoView {
  email: boolean;
  analysed: boolean;
  reply: "none" | "writing" | "drafted" | "sent";
}

export function emailDemoView({ phase, completed }: EmailDemoState): EmailDemoView {
  if (phase === "idle") return { email: false, analysed: false, reply: "none" };
  if (phase === "done") return { email: true, analysed: true, reply: "sent" };
  const reply = completed >= 4 ? "drafted" : completed === 3 ? "writing" : "none";
  return { email: true, analysed: completed >= 2, reply };
}
