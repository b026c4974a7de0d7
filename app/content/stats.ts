export interface Stat {
  value: string;
  label: string;
}

/** The about section's four statistics (spec §2, §9). */
export const aboutStats: Stat[] = [
  { value: "50+", label: "AI-projekt" },
  { value: "99%", label: "nöjda kunder" },
  { value: "5+", label: "år av erfarenhet" },
  { value: "24/7", label: "service" },
];
