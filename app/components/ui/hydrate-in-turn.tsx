import { Suspense, type ReactNode } from "react";
import { nextTask } from "~/lib/next-task";

/**
 * Progressive hydration (docs/decisions/007-hydration-in-turns.md). Preact hydrates a page in one
 * synchronous pass; on the landing page that is one long task. A section wrapped in
 * <HydrateInTurn> sits that pass out: it suspends, Preact keeps its prerendered DOM untouched,
 * and it is hydrated afterwards in a task of its own, one section per task in page order. Outside
 * the page's first hydration (client-side navigation, tests, the prerender) it renders at once.
 *
 * The child must render exactly one element: of a suspended part Preact keeps the first node.
 */
export function HydrateInTurn({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn name={name}>{children}</Turn>
    </Suspense>
  );
}

let firstPass = false;
let queue: Promise<void> = Promise.resolve();
const turns = new Map<string, Promise<void>>();

function Turn({ name, children }: { name: string; children: ReactNode }) {
  if (firstPass) {
    let turn = turns.get(name);
    if (!turn) {
      turn = queue = queue.then(nextTask);
      turns.set(name, turn);
    }
    throw turn;
  }
  return children;
}

/** Runs the page's first hydration with the wrapped sections deferred to tasks of their own. */
export function hydrateInTurns(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
}

/** Resolves once every deferred section has had its turn and been hydrated. */
export function allTurnsTaken(): Promise<void> {
  return queue.then(nextTask);
}
