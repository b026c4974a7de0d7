import { Play, RotateCcw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { automationDemoCopy as copy, demoReply } from "~/content/demos";
import { useReducedMotion } from "~/lib/use-reduced-motion";
import {
  automationIdle,
  automationStarted,
  automationStepStatus,
  automationTransition,
  type AutomationState,
  type AutomationStep,
} from "./automation-steps";
import { LeadCard } from "./lead-card";
import { ProgressSteps } from "./progress-steps";
import { ReplyCard } from "./reply-card";
import { useStepRunner } from "./use-step-runner";

// Typed by code point, so no character is ever cut in half.
const replyCharacters = Array.from(demoReply.content);

function statusText(step: AutomationStep): string {
  if (step === 0) return copy.idleStatus;
  return copy.stepStatus(step, copy.steps.length, copy.steps[step - 1] ?? "");
}

/** An incoming lead answered by AI, step by step (spec §4 'Automation demo step'). */
export function AutomationDemo() {
  const reducedMotion = useReducedMotion();
  const { state, start, reset } = useStepRunner<AutomationState>(automationIdle);
  const onStart = () => start(automationStarted, automationTransition(replyCharacters.length, reducedMotion));

  return (
    <section aria-labelledby="automation-run-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="automation-run-heading" className="sr-only">
        {copy.stepsLabel}
      </h2>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onStart}>
          <Play aria-hidden="true" className="h-5 w-5" />
          {copy.start}
        </Button>
        <Button variant="secondary" onClick={reset} className="border border-ink-300">
          <RotateCcw aria-hidden="true" className="h-5 w-5" />
          {copy.reset}
        </Button>
      </div>
      <p role="status" className="mt-5 min-h-6 font-medium text-ink-900">
        {statusText(state.step)}
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,16rem)_1fr_1fr]">
        <ProgressSteps
          label={copy.stepsLabel}
          steps={copy.steps}
          statusOf={(i) => automationStepStatus(state.step, i + 1)}
        />
        <LeadCard received={state.step >= 1} />
        <ReplyCard step={state.step} text={replyCharacters.slice(0, state.typed).join("")} />
      </div>
    </section>
  );
}
