/** Index after `index` in a ring of `count` items. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/**
 * Whether the carousel advances by itself: the visitor's explicit choice wins; without one it
 * plays unless reduced motion is requested (WCAG 2.2.2).
 */
export function isAutoPlaying(userChoice: boolean | null, reducedMotion: boolean): boolean {
  return userChoice ?? !reducedMotion;
}
