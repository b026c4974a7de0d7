import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Counters } from "./admin-api";

const SERIES = [
  { key: "asked", color: "#4338ca" },
  { key: "site", color: "#0891b2" },
  { key: "ai", color: "#7c3aed" },
  { key: "none", color: "#b91c1c" },
  { key: "lead", color: "#15803d" },
  { key: "opened", color: "#64748b" },
] as const;

/** Counts per day as lines (uPlot); the tables beside it say the same in text. */
export default function DailyChart({
  days,
  label,
  names,
}: {
  days: (Counters & { day: string })[];
  /** Copy comes as props: importing app/content here would share it with the route chunk. */
  label: string;
  names: Record<string, string>;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(300, el.clientWidth),
        height: 260,
        legend: { show: false },
        scales: { x: { time: true } },
        axes: [{}, { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : "")) }],
        series: [{}, ...SERIES.map((s) => ({ label: names[s.key], stroke: s.color, width: 2 }))],
      },
      [x, ...SERIES.map((s) => days.map((d) => d[s.key]))],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(300, el.clientWidth), height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, names]);
  return (
    <figure className="adm-stack">
      <div ref={box} className="adm-chart" role="img" aria-label={label} />
      <figcaption className="adm-legend">
        {SERIES.map((s) => (
          <span key={s.key}>
            <span aria-hidden="true" className="adm-swatch" style={{ background: s.color }} />
            {names[s.key]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
