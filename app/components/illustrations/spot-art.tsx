import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type SpotArtName = "mic" | "message" | "workflow" | "compass" | "mail" | "chart";

// One visual language: 2-unit strokes, 8-unit corners, the brand indigo, the accent cyan, slate.
const brand = "#4f46e5";
const accent = "#0891b2";
const soft = "#c7d2fe";
const line = "#cbd5e1";

const wave = [10, 22, 14, 30, 18, 36, 24, 30, 12, 26, 16, 8];

const scenes: Record<SpotArtName, ReactNode> = {
  mic: (
    <>
      <rect x="20" y="24" width="200" height="48" rx="24" fill="#fff" stroke={soft} strokeWidth="2" />
      <circle cx="44" cy="48" r="16" fill={brand} />
      <path d="M38 42c0 8 4 12 12 12l3-4-4-3-2 2c-2-1-3-2-4-4l2-2-3-4z" fill="#fff" />
      {wave.map((h, i) => (
        <rect key={i} x={72 + i * 9} y={48 - h / 2} width="4" height={h} rx="2" fill={i % 3 ? accent : brand} />
      ))}
      <rect x="186" y="42" width="22" height="12" rx="6" fill={soft} />
    </>
  ),
  message: (
    <>
      <rect x="20" y="14" width="128" height="34" rx="8" fill="#fff" stroke={soft} strokeWidth="2" />
      <rect x="32" y="25" width="84" height="4" rx="2" fill={line} />
      <rect x="32" y="34" width="56" height="4" rx="2" fill={line} />
      <rect x="92" y="54" width="128" height="30" rx="8" fill={brand} />
      <rect x="104" y="64" width="92" height="4" rx="2" fill="#fff" fillOpacity="0.85" />
      <rect x="104" y="72" width="60" height="4" rx="2" fill="#fff" fillOpacity="0.6" />
      <circle cx="34" cy="66" r="4" fill={accent} />
      <circle cx="48" cy="66" r="4" fill={accent} fillOpacity="0.6" />
      <circle cx="62" cy="66" r="4" fill={accent} fillOpacity="0.3" />
    </>
  ),
  workflow: (
    <>
      <path d="M64 48h40m32 0h40" stroke={soft} strokeWidth="2" strokeDasharray="4 4" />
      <rect x="24" y="30" width="40" height="36" rx="8" fill="#fff" stroke={soft} strokeWidth="2" />
      <path d="M30 38l14 10 14-10" stroke={brand} strokeWidth="2" fill="none" strokeLinejoin="round" />
      <circle cx="120" cy="48" r="18" fill={brand} />
      <path d="M120 38l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#fff" />
      <circle cx="196" cy="48" r="18" fill="#fff" stroke={accent} strokeWidth="2" />
      <path
        d="M188 48l6 6 10-12"
        stroke={accent}
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
  compass: (
    <>
      <path d="M28 78h184" stroke={line} strokeWidth="2" strokeLinecap="round" />
      <rect x="44" y="56" width="24" height="22" rx="4" fill={soft} />
      <rect x="84" y="44" width="24" height="34" rx="4" fill={soft} />
      <rect x="124" y="32" width="24" height="46" rx="4" fill={brand} fillOpacity="0.75" />
      <rect x="164" y="18" width="24" height="60" rx="4" fill={brand} />
      <path d="M48 44l40-12 40-10 44-12" stroke={accent} strokeWidth="2" strokeDasharray="4 4" fill="none" />
      <circle cx="176" cy="10" r="5" fill={accent} />
    </>
  ),
  mail: (
    <>
      <rect x="36" y="20" width="88" height="58" rx="8" fill="#fff" stroke={soft} strokeWidth="2" />
      <path d="M44 30l36 24 36-24" stroke={brand} strokeWidth="2" fill="none" strokeLinejoin="round" />
      <path d="M136 50h40" stroke={soft} strokeWidth="2" strokeDasharray="4 4" />
      <rect x="180" y="30" width="36" height="40" rx="8" fill={accent} />
      <path
        d="M190 52l6 6 12-14"
        stroke="#fff"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
  chart: (
    <>
      <rect x="20" y="12" width="200" height="72" rx="8" fill="#fff" stroke={soft} strokeWidth="2" />
      <path
        d="M36 68l36-14 32 6 36-24 32 8 32-22"
        stroke={brand}
        strokeWidth="2.5"
        fill="none"
        strokeLinejoin="round"
      />
      <path d="M36 68l36-14 32 6 36-24 32 8 32-22V72H36z" fill={brand} fillOpacity="0.08" />
      <circle cx="140" cy="36" r="4" fill={accent} />
      <circle cx="204" cy="22" r="4" fill={accent} />
    </>
  ),
};

/** A small decorative scene for a service or demo card, on a soft panel of fixed height. */
export function SpotArt({ name, className }: { name: SpotArtName; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex h-28 items-center justify-center rounded-xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-ink-50",
        className,
      )}
    >
      <svg viewBox="0 0 240 96" className="h-24 w-full max-w-60" focusable="false">
        {scenes[name]}
      </svg>
    </div>
  );
}
