import { cn } from "~/lib/cn";

/** Bar heights (percent) of a spoken phrase: loud in the middle, quiet at the edges. */
const phrase = [30, 55, 40, 75, 50, 90, 65, 100, 70, 85, 45, 95, 60, 80, 35, 70, 50, 85, 40, 60, 30, 45];
export const waveBars = [...phrase, ...phrase.toReversed().map((h) => Math.max(20, h - 15))];

/** Width of one bar and of one bar with its gap, in the mask's own units. */
const barWidth = 4;
const barPitch = 6;

/**
 * A CSS mask of bars, centred vertically, as an SVG data URI (no request). Stretched to its box,
 * so the bars keep their share of the width at any size.
 */
export function waveformMask(heights: readonly number[]): string {
  const width = heights.length * barPitch;
  const rects = heights
    .map((h, i) => `<rect x='${i * barPitch + 1}' y='${(100 - h) / 2}' width='${barWidth}' height='${h}' rx='2'/>`)
    .join("");
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} 100' preserveAspectRatio='none'>${rects}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const mask = waveformMask(waveBars);

/**
 * A voice waveform: one element masked by two copies of the bars, which scrolls by one copy where
 * the visitor allows motion. One layer, where a layer per bar cost a long task (decision 017).
 */
export function Waveform({ className, barClassName }: { className?: string; barClassName?: string }) {
  return (
    <div aria-hidden="true" className={cn("h-10 w-full overflow-hidden", className)}>
      <div
        className={cn("wave-scroll h-full w-[200%]", barClassName)}
        style={{ maskImage: mask, maskSize: "50% 100%", maskRepeat: "repeat-x" }}
      />
    </div>
  );
}
