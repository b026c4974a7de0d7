import { Suspense, type ReactNode } from "react";
import { nextTask } from "./next-task";

// Sits the first hydration pass out and hydrates in a task of its own, in page order (decision
// 007). The child renders exactly one element: of a suspended part Preact keeps the first node.
export function HydrateInTurn({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn name={name}>{children}</Turn>
    </Suspense>
  );
}

/** From hydrateInTurns() until the last turn has been taken. */
let hydrating = false;
let queue: Promise<void> = Promise.resolve();
const turns = new Map<string, Promise<void>>();
const taken = new Set<string>();

function Turn({ name, children }: { name: string; children: ReactNode }) {
  if (hydrating && !taken.has(name)) {
    let turn = turns.get(name);
    if (!turn) {
      turn = queue = queue.then(nextTask).then(() => void taken.add(name));
      turns.set(name, turn);
    }
    // A client-side navigation in these few tasks renders a not-yet-taken part empty until its
    // turn (a few milliseconds later); the parts of the page being hydrated keep their HTML.
    throw turn;
  }
  return children;
}

/** Runs the page's first hydration, with the wrapped parts deferred to tasks of their own. */
export function hydrateInTurns(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    void allTurnsTaken().then(() => {
      hydrating = false;
    });
  }
}

/** Resolves once every part has had its turn and been hydrated (nested parts included). */
export async function allTurnsTaken(): Promise<void> {
  let last: Promise<void>;
  do {
    last = queue;
    await last;
    // The task after a turn: Preact has hydrated the part (it re-renders in a microtask of the
    // turn) and any part nested in it has queued its own turn.
    await nextTask();
  } while (last !== queue);
}
