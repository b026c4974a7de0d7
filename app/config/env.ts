/** A build-time `VITE_*` value, public by construction: never a secret. */
export function envString(value: unknown, fallback: string): string {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
}
