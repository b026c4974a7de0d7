/**
 * Reads build-time configuration. Only `VITE_*` variables reach the browser bundle, so nothing
 * secret may ever be put in one: they are public by construction.
 */
export function envString(value: unknown, fallback: string): string {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
}
