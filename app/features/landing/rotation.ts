/** Index after `index` in a ring of `count` items. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** The carousel plays by itself unless the visitor chose otherwise or asks for reduced motion (WCAG 2.2.2). */
export function isAutoPlaying(userChoice: boolean | null, reducedMotion: boolean): boolean {
  return userChoice ?? !reducedMotion;
}
