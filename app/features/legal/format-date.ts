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

/**
 * '22 november 2026': the Swedish long date format (sv-SE). Written out rather than with
 * Intl.DateTimeFormat: building the first formatter loads the locale's data, a 30 ms task on a
 * slow phone in the middle of hydrating a legal page (measured with `npm run bench`).
 */
export function formatSwedishDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d ?? 1} ${MONTHS[(m ?? 1) - 1]} ${y ?? 1970}`;
}
