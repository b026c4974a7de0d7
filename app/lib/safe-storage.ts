// Web Storage that never throws (disabled, full, garbage): reads validate and fall back.
export type StorageArea = "local" | "session";

function area(which: StorageArea): Storage | null {
  try {
    return typeof window === "undefined" ? null : which === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // e.g. a SecurityError when storage is disabled
  }
}

/** Opens a storage area ahead of use: the first access loads it synchronously (2–5 ms). */
export function openStorage(which: StorageArea): void {
  try {
    void area(which)?.length;
  } catch {
    // unavailable: the readers fall back on their own
  }
}

export function readString(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Parsed JSON that passes `isValid`, else `fallback`. */
export function readJson<T>(which: StorageArea, key: string, isValid: (v: unknown) => v is T, fallback: T): T {
  const raw = readString(which, key);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Writes a value; false when storage is unavailable or full (the caller keeps it in memory). */
export function writeString(which: StorageArea, key: string, value: string): boolean {
  try {
    const s = area(which);
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function writeJson(which: StorageArea, key: string, value: unknown): boolean {
  return writeString(which, key, JSON.stringify(value));
}

export function removeItem(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to do: the value could not be stored in the first place.
  }
}

export const isString = (v: unknown): v is string => typeof v === "string";
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
export const isNumberList = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === "number");
