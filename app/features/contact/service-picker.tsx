import { CheckCircle2, Compass, MessageSquare, Mic, Workflow } from "lucide-react";
import type { GetStartedService } from "~/content/contact-form";
import { cn } from "~/lib/cn";

const icons = { mic: Mic, message: MessageSquare, workflow: Workflow, compass: Compass } as const;

interface Props {
  legend: string;
  services: GetStartedService[];
  value: GetStartedService["id"] | null;
  onChange: (id: GetStartedService["id"]) => void;
  /** The visible error, or undefined: under the cards, and read out with the group and each card. */
  error?: string;
}

/** Fixed, not useId's: the form is prerendered, and Preact keeps the HTML's ids. */
const ERROR_ID = "service-picker-error";

/** Four service cards as a native radio group: arrow keys, Space and screen readers work as usual. */
export function ServicePicker({ legend, services, value, onChange, error }: Props) {
  return (
    // A radio group may be invalid (ARIA 1.2), a radio may not.
    <fieldset role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={error ? ERROR_ID : undefined}>
      <legend className="text-lg font-semibold">{legend}</legend>
      {/* Under the question, not under four tall cards; space kept, as a field's, so nothing moves. */}
      <p id={ERROR_ID} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {services.map((s) => {
          const Icon = icons[s.icon];
          const selected = value === s.id;
          return (
            <label
              key={s.id}
              className={cn(
                "relative flex cursor-pointer gap-4 rounded-2xl border-2 bg-white p-5 shadow-sm transition-colors",
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500",
                selected ? "border-brand-600 bg-brand-50" : "border-ink-200 hover:border-brand-300",
              )}
            >
              <input
                type="radio"
                name="service"
                value={s.id}
                checked={selected}
                onChange={() => onChange(s.id)}
                aria-describedby={error ? ERROR_ID : undefined}
                className="sr-only"
              />
              <span
                className={cn(
                  "inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br text-white",
                  s.gradient,
                )}
              >
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <span className="flex flex-col">
                <span className="font-semibold">{s.title}</span>
                <span className="mt-1 text-sm text-ink-700">{s.description}</span>
              </span>
              {selected ? (
                <CheckCircle2 aria-hidden="true" className="absolute top-3 right-3 h-5 w-5 text-brand-700" />
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
