import { Check, Inbox, Play } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { demoLead, demoReply, emailDemoCopy as copy, emailDemoSteps } from "~/content/demos";
import { cn } from "~/lib/cn";
import { demoCardClass } from "./demo-card";
import {
  emailDemoIdle,
  emailDemoStarted,
  emailDemoTransition,
  emailDemoView,
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
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">
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
        </div>
        <DemoInbox state={state} />
      </div>
    </section>
  );
}

/** The sample e-mail and Emma's answer, laid out from the start so nothing moves as they show. */
function DemoInbox({ state }: { state: EmailDemoState }) {
  const view = emailDemoView(state);
  const inbox = copy.inbox;
  return (
    <div
      role="group"
      aria-label={inbox.label}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-ink-50 p-3 sm:p-4"
    >
      <div className="relative rounded-lg border border-ink-200 bg-white p-3 text-sm shadow-sm">
        <div className={cn(!view.email && "invisible")}>
          <p className="truncate">
            <span className="text-ink-700">{inbox.from}: </span>
            <span className="font-medium text-ink-900">{demoLead.from}</span>
          </p>
          <p className="mt-0.5 truncate font-semibold text-ink-900">
            <span className="font-normal text-ink-700">{inbox.subject}: </span>
            {demoLead.subject}
          </p>
          <p className="mt-2 line-clamp-3 text-ink-800">{demoLead.content}</p>
          <p className={cn("mt-2 text-xs font-medium text-brand-800", !view.analysed && "invisible")}>
            {inbox.priority}: {demoLead.urgency}
          </p>
        </div>
        {!view.email && (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-ink-700">
            <Inbox aria-hidden="true" className="h-5 w-5" />
            {inbox.empty}
          </p>
        )}
      </div>
      <div className="relative flex-1 rounded-lg border border-brand-200 bg-white p-3 text-sm shadow-sm">
        <div className={cn(view.reply === "none" && "invisible")}>
          <p className="flex items-center justify-between gap-2">
            <span className="font-semibold text-brand-800">{inbox.draftHeading}</span>
            <span
              className={cn(
                "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
                view.reply === "sent" ? "bg-emerald-100 text-emerald-900" : "bg-brand-100 text-brand-900",
              )}
            >
              {view.reply === "sent" && <Check aria-hidden="true" className="h-3.5 w-3.5" />}
              {view.reply === "sent" ? inbox.sent : view.reply === "writing" ? inbox.writing : inbox.drafted}
            </span>
          </p>
          <p className={cn("mt-2 line-clamp-4 text-ink-800", view.reply === "writing" && "invisible")}>
            {demoReply.content}
          </p>
        </div>
        {view.reply === "none" && (
          <p className="absolute inset-0 flex items-center justify-center px-3 text-center text-ink-700">
            {inbox.draftWaiting}
          </p>
        )}
        {view.reply === "writing" && (
          <p aria-hidden="true" className="absolute inset-x-3 top-10 flex flex-col gap-2">
            <span className="h-2 w-11/12 rounded-full bg-brand-100 motion-safe:animate-pulse" />
            <span className="h-2 w-9/12 rounded-full bg-brand-100 motion-safe:animate-pulse" />
            <span className="h-2 w-10/12 rounded-full bg-brand-100 motion-safe:animate-pulse" />
          </p>
        )}
      </div>
    </div>
  );
}
