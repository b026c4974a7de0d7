// Runs a pure `Transition` in time, one timer pending at most. Global timers are looked up at call
// time, so `vi.useFakeTimers()` controls them. A `next` function is the state as known when due.
export type Transition<S> = (state: S) => { after: number; next: S | (() => S) } | null;

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

export interface StepRunner<S> {
  /** Cancels any run in progress, enters `first` and follows `transition` until it returns null. */
  start(first: S, transition: Transition<S>, enter: (state: S) => void): void;
  /** Cancels the run in progress: no state is entered after this. */
  stop(): void;
  /** Timers scheduled and not yet fired or cancelled (0 or 1). */
  readonly pendingTimers: number;
}

export function createStepRunner<S>(timers: Timers = globalTimers): StepRunner<S> {
  const pending = new Set<unknown>();
  // Bumped by every start and stop, so a callback of an older run (or an `enter` that itself
  // restarts or stops the runner) can never schedule or enter anything.
  let run = 0;

  const cancelAll = () => {
    for (const id of pending) timers.clearTimeout(id);
    pending.clear();
  };

  return {
    start(first, transition, enter) {
      cancelAll();
      const mine = ++run;
      const step = (state: S) => {
        if (mine !== run) return;
        enter(state);
        if (mine !== run) return;
        const t = transition(state);
        if (!t) return;
        const id = timers.setTimeout(() => {
          pending.delete(id);
          // A function is the state as it is known when its time comes (the demo's answer).
          step(typeof t.next === "function" ? (t.next as () => S)() : t.next);
        }, t.after);
        pending.add(id);
      };
      step(first);
    },
    stop() {
      run++;
      cancelAll();
    },
    get pendingTimers() {
      return pending.size;
    },
  };
}
