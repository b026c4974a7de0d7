import { Bot, CircleCheck, LoaderCircle } from "lucide-react";
import { automationDemoCopy, demoReply } from "~/content/demos";
import type { AutomationStep } from "./automation-steps";
import { demoCardClass } from "./demo-card";

const copy = automationDemoCopy.replyCard;

interface ReplyCardProps {
  step: AutomationStep;
  /** The part of the reply typed so far. */
  text: string;
}

/** The AI-generated reply (spec §3 'Demo reply'): analysing, typed character by character, then sent. */
export function ReplyCard({ step, text }: ReplyCardProps) {
  return (
    <section aria-labelledby="reply-card-heading" className={demoCardClass}>
      <h3 id="reply-card-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <Bot aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {copy.heading}
        {step === 4 ? (
          <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-accent-500/15 px-2.5 py-0.5 text-sm font-medium text-ink-900">
            <CircleCheck aria-hidden="true" className="h-4 w-4 text-accent-600" />
            {copy.sent}
          </span>
        ) : null}
      </h3>
      {step < 2 ? <p className="mt-4 text-ink-700">{copy.waiting}</p> : null}
      {step === 2 ? (
        <p className="mt-4 flex items-center gap-2 text-brand-800">
          <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
          {copy.analysing}
        </p>
      ) : null}
      {step >= 3 ? (
        // Not a live region: the step status announces progress, not every typed character.
        <p
          aria-busy={step === 3 || undefined}
          className="mt-4 rounded-xl bg-brand-50 p-3 whitespace-pre-line text-ink-900"
        >
          {step === 3 ? <span className="sr-only">{copy.writing}: </span> : null}
          <span data-testid="reply-typed">{text}</span>
          {step === 3 ? (
            <span
              aria-hidden="true"
              className="ml-0.5 inline-block h-4 w-0.5 animate-pulse bg-brand-700 align-middle"
            />
          ) : null}
        </p>
      ) : null}
      {step === 4 ? (
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm [&_dd]:[overflow-wrap:anywhere]">
          <dt className="text-ink-700">{copy.responseTime}</dt>
          <dd className="font-medium">{demoReply.responseTime}</dd>
          <dt className="text-ink-700">{copy.personalization}</dt>
          <dd className="font-medium">{demoReply.personalization}</dd>
          <dt className="text-ink-700">{copy.sentiment}</dt>
          <dd className="font-medium">{demoReply.sentiment}</dd>
        </dl>
      ) : null}
    </section>
  );
}
