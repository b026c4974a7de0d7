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
