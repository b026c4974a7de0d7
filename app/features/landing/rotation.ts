/** Index after `index` in a ring of `count` items. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** Index before `index` in a ring of `count` items. */
export function previousIndex(index: number, count: number): number {
  return count > 0 ? (index - 1 + count) % count : 0;
}

/** The carousel plays by itself unless the visitor chose otherwise or asks for reduced motion (WCAG 2.2.2). */
export function isAutoPlaying(userChoice: boolean | null, reducedMotion: boolean): boolean {
  return userChoice ?? !reducedMotion;
}

/** The index an arrow, Home or End key picks in a radio group of `count` (null: not such a key). */
export function keyedIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return nextIndex(index, count);
    case "ArrowLeft":
    case "ArrowUp":
      return previousIndex(index, count);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
