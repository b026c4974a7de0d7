import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/lib/cn";

const controlClass =
  "block w-full rounded-xl border border-ink-300 bg-white px-3 py-2.5 text-base text-ink-900 placeholder:text-ink-500 " +
  "focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-500 aria-invalid:border-red-700";
/**
 * For a small panel (Emma's lead form): the label is read out but not shown, the placeholder shows it.
 * 16 px text (iOS zooms into smaller); focused, it scrolls into view with its error line below it.
 */
const compactControlClass =
  "block w-full scroll-mb-5 rounded-lg border border-ink-300 bg-white px-2.5 py-1.5 text-base text-ink-900 placeholder:text-ink-500 " +
  "focus:border-brand-600 focus:outline-2 focus:outline-brand-500 aria-invalid:border-red-700";

interface FieldShellProps {
  label: ReactNode;
  /** The visible error text, or undefined. Space is reserved so nothing shifts when it appears. */
  error?: string;
  /** A sentence about the field, under it at the start. */
  hint?: ReactNode;
  /** A short count (characters used of the limit), under the field at the end. */
  counter?: ReactNode;
  className?: string;
  compact?: boolean;
  /** A fixed id, for a prerendered form: useId's may differ after hydration, and Preact keeps the HTML's. */
  id?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error wired together with useId, aria-invalid and aria-describedby. */
export function FieldShell({
  label,
  error,
  hint,
  counter,
  className,
  compact,
  id: fixedId,
  children,
}: FieldShellProps) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  // The error first: it is what a screen reader user needs to hear before the count.
  const describedBy =
    [error ? errorId : null, hint ? hintId : null, counter ? counterId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col", compact ? "gap-0.5" : "gap-1", className)}>
      <label htmlFor={id} className={compact ? "sr-only" : "text-sm font-medium text-ink-800"}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      <div className={cn("flex justify-between gap-2", compact ? "min-h-4 text-xs" : "min-h-5 text-sm")}>
        {/* Hidden while empty, so that a hint starts at the field's left edge, not after a gap. */}
        <span id={errorId} className="text-red-700 empty:hidden">
          {error}
        </span>
        {hint ? (
          <span id={hintId} className="text-ink-600">
            {hint}
          </span>
        ) : null}
        {counter ? (
          <span id={counterId} className="ml-auto text-ink-600">
            {counter}
          </span>
        ) : null}
      </div>
    </div>
  );
}

type InputFieldProps = Omit<ComponentProps<"input">, "id"> & {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  compact?: boolean;
};

export function InputField({ label, error, hint, className, compact, id, ...props }: InputFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className} compact={compact} id={id}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={compact ? compactControlClass : controlClass}
          {...props}
        />
      )}
    </FieldShell>
  );
}

type TextareaFieldProps = Omit<ComponentProps<"textarea">, "id"> & {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  counter?: ReactNode;
};

export function TextareaField({ label, error, hint, counter, className, id, ...props }: TextareaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} counter={counter} className={className} id={id}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={cn(controlClass, "resize-y")}
          {...props}
        />
      )}
    </FieldShell>
  );
}
