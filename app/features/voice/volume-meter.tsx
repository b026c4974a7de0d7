import { useReducedMotion } from "~/lib/use-reduced-motion";
import { cn } from "~/lib/cn";

/** Relative heights of the bars, so one level reads as a shape rather than a block. */
const BARS = [0.55, 0.85, 1, 0.85, 0.55];

/** Emma's audio level as five bars; under reduced motion only their colour changes. */
export function VolumeMeter({ level, speaking }: { level: number; speaking: boolean }) {
  const reduced = useReducedMotion();
  return (
    <span aria-hidden="true" className="flex h-5 items-center gap-0.5" data-testid="volume-meter">
      {BARS.map((weight, i) => (
        <span
          key={i}
          className={cn("w-1 rounded-full transition-[height] duration-100", speaking ? "bg-accent-500" : "bg-ink-300")}
          style={{
            height: reduced ? "0.75rem" : `${Math.round(20 * Math.max(0.2, Math.min(1, level * weight * 1.6)))}px`,
          }}
        />
      ))}
    </span>
  );
}
