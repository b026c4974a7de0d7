import { cn } from "~/lib/cn";

export interface TimeSlot {
  start: string;
  /** The whole date and time, "torsdag 3 december kl. 10:00": each button's name. */
  label: string;
}

/**
 * The free meeting's times as a group of buttons, one Tab stop each, named by their whole date,
 * and "Fler tider" after them. Used by Emma's chat and /kom-igang.
 */
export function TimeSlots({
  slots,
  label,
  onChoose,
  moreLabel,
  onMore,
  disabled = false,
  compact = false,
  chosen,
}: {
  slots: readonly TimeSlot[];
  label: string;
  onChoose: (slot: TimeSlot) => void;
  moreLabel?: string;
  onMore?: () => void;
  disabled?: boolean;
  compact?: boolean;
  chosen?: string;
}) {
  const button = cn(
    "rounded-2xl border border-brand-300 bg-white text-left text-brand-800 hover:bg-brand-50",
    "focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60",
    compact ? "min-h-11 px-3 py-2 text-sm" : "min-h-11 px-4 py-2 text-base",
  );
  return (
    <div role="group" aria-label={label} className={cn("flex flex-col items-start", compact ? "gap-1.5" : "gap-2")}>
      {slots.map((slot) => (
        <button
          key={slot.start}
          type="button"
          className={cn(button, chosen === slot.start && "border-brand-700 bg-brand-50 font-semibold")}
          aria-pressed={chosen === undefined ? undefined : chosen === slot.start}
          disabled={disabled}
          onClick={() => onChoose(slot)}
        >
          {slot.label}
        </button>
      ))}
      {onMore && moreLabel ? (
        <button type="button" className={cn(button, "border-dashed")} disabled={disabled} onClick={onMore}>
          {moreLabel}
        </button>
      ) : null}
    </div>
  );
}
