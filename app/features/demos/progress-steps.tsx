import { Circle, CircleCheck, LoaderCircle } from "lucide-react";
import { stepStateLabels } from "~/content/demos";
import { cn } from "~/lib/cn";
import type { StepStatus } from "./step-status";

interface ProgressStepsProps {
  /** Accessible name of the list. */
  label: string;
  steps: readonly string[];
  statusOf: (index: number) => StepStatus;
}

const icons = { done: CircleCheck, active: LoaderCircle, waiting: Circle } as const;

/** A demo's steps with their status in words as well as icons, and the running one marked current. */
export function ProgressSteps({ label, steps, statusOf }: ProgressStepsProps) {
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {steps.map((step, i) => {
        const status = statusOf(i);
        const Icon = icons[status];
        return (
          <li
            key={step}
            data-status={status}
            aria-current={status === "active" ? "step" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-xl border px-3 py-2.5 transition-colors",
              status === "done" && "border-accent-600/30 bg-accent-500/10",
              status === "active" && "border-brand-300 bg-brand-50",
              status === "waiting" && "border-ink-200 bg-white",
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn(
                "h-5 w-5 shrink-0",
                status === "done" && "text-accent-600",
                status === "active" && "animate-spin text-brand-600",
                status === "waiting" && "text-ink-300",
              )}
            />
            <span className={cn("min-w-0 flex-1", status === "waiting" ? "text-ink-700" : "font-medium text-ink-900")}>
              {step}
            </span>
            <span className="shrink-0 text-sm text-ink-700">{stepStateLabels[status]}</span>
          </li>
        );
      })}
    </ol>
  );
}
