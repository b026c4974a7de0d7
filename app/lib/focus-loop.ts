const TABBABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type='hidden']), select:not([disabled]), textarea:not([disabled]), [tabindex]";

/** The elements Tab stops at inside `root`, in document order. */
export function tabStops(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.checkVisibility());
}

/**
 * Where Tab (or Shift+Tab with `backwards`) goes in a loop of stops: from the last to the first
 * and back. `null` inside the loop, where the browser's own order is already right.
 */
export function loopTarget<T>(stops: readonly T[], active: unknown, backwards: boolean): T | null {
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (first === undefined || last === undefined) return null;
  if (backwards) return active === first ? last : null;
  return active === last ? first : null;
}
