import { cn } from "~/lib/cn";

/** Bar heights (percent) of a spoken phrase: loud in the middle, quiet at the edges. */
const phrase = [30, 55, 40, 75, 50, 90, 65, 100, 70, 85, 45, 95, 60, 80, 35, 70, 50, 85, 40, 60, 30, 45];
const bars = [...phrase, ...phrase.toReversed().map((h) => Math.max(20, h - 15))];

/** A voice waveform of plain elements; the bars move only where the visitor allows motion. */
export function Waveform({ className, barClassName }: { className?: string; barClassName?: string }) {
  return (
    <div aria-hidden="true" className={cn("flex h-10 w-full items-center justify-between gap-0.5", className)}>
      {bars.map((h, i) => (
        <span
          key={i}
          className={cn("wave-bar w-1 shrink-0 rounded-full", barClassName)}
          style={{ height: `${h}%`, animationDelay: `${(i % 7) * -0.18}s` }}
        />
      ))}
    </div>
  );
}
