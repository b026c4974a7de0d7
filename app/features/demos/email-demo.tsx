import { Play } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { emailDemoCopy as copy, emailDemoSteps } from "~/content/demos";
import { demoCardClass } from "./demo-card";
import {
  emailDemoIdle,
  emailDemoStarted,
  emailDemoTransition,
  emailStepStatus,
  type EmailDemoState,
} from "./email-demo-steps";
import { ProgressSteps } from "./progress-steps";
import { useStepRunner } from "./use-step-runner";

function statusText(state: EmailDemoState): string {
  if (state.phase === "idle") return copy.idleStatus;
  if (state.phase === "done") return copy.doneStatus;
  const label = emailDemoSteps[state.completed] ?? "";
  return copy.stepStatus(state.completed + 1, emailDemoSteps.length, label);
}

/** Five simulated automation steps, 1500 ms each. Starting again restarts from the first step. */
export function EmailDemo() {
  const { state, start } = useStepRunner<EmailDemoState>(emailDemoIdle);

  const onStart = () => {
    // Plain toasts: the Toaster's rich info/success colours fall below 4.5:1 contrast (axe).
    toast(copy.startedToast, { description: copy.startedToastDescription });
    start(emailDemoStarted, emailDemoTransition(emailDemoSteps.length), (s) => {
      if (s.phase === "done") toast(copy.doneToast, { description: copy.doneToastDescription });
    });
  };

  return (
    <section aria-labelledby="email-demo-heading" className={demoCardClass}>
      <h2 id="email-demo-heading" className="text-2xl font-bold tracking-tight">
        {copy.heading}
      </h2>
      <p className="mt-2 text-ink-700">{copy.lead}</p>
      <Button onClick={onStart} className="mt-4">
        <Play aria-hidden="true" className="h-5 w-5" />
        {copy.start}
      </Button>
      <p role="status" className="mt-4 min-h-6 font-medium text-ink-900">
        {statusText(state)}
      </p>
      <div className="mt-3">
        <ProgressSteps label={copy.stepsLabel} steps={emailDemoSteps} statusOf={(i) => emailStepStatus(state, i)} />
      </div>
    </section>
  );
}
