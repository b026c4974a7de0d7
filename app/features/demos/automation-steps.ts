import type { StepStatus } from "./step-status";
import type { Transition } from "./step-runner";

// The /automation-demo steps (spec §4, §9). "4 after 1 s" counts from the end of the typing: a
// reply marked sent while still being written would make no sense.
export type AutomationStep = 0 | 1 | 2 | 3 | 4;

export interface AutomationState {
  step: AutomationStep;
  /** Characters of the reply shown so far. */
  typed: number;
}

export const automationTimings = {
  analyse: 2000,
  compose: 1500,
  perCharacter: 30,
  send: 1000,
} as const;

export const automationIdle: AutomationState = { step: 0, typed: 0 };
export const automationStarted: AutomationState = { step: 1, typed: 0 };

/** `instantReply` shows the whole reply on entering step 3 (reduced motion); the timings stay. */
export function automationTransition(replyLength: number, instantReply = false): Transition<AutomationState> {
  const t = automationTimings;
  return ({ step, typed }) => {
    switch (step) {
      case 0:
      case 4:
        return null;
      case 1:
        return { after: t.analyse, next: { step: 2, typed: 0 } };
      case 2:
        return { after: t.compose, next: { step: 3, typed: instantReply ? replyLength : 0 } };
      case 3:
        return typed < replyLength
          ? { after: t.perCharacter, next: { step: 3, typed: typed + 1 } }
          : { after: t.send, next: { step: 4, typed: replyLength } };
    }
  };
}

/** Status of the progress step for step `n` (1–4). Step 4 (sent) is the end, so it shows as done. */
export function automationStepStatus(step: AutomationStep, n: number): StepStatus {
  if (n < step || step === 4) return "done";
  return n === step ? "active" : "waiting";
}
