/** Local calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const MONTHS = [
  "januari",
  "februari",
  "mars",
  "april",
  "maj",
  "juni",
  "juli",
  "augusti",
  "september",
  "oktober",
  "november",
  "december",
];

// '22 november 2026', written out: the first Intl.DateTimeFormat loads locale data, a 30 ms task
// mid-hydration on a slow phone (measured with `npm run bench`).
export function formatSwedishDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d ?? 1} ${MONTHS[(m ?? 1) - 1]} ${y ?? 1970}`;
}
