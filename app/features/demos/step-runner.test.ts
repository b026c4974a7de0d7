import { afterEach, describe, expect, it, vi } from "vitest";
import { createStepRunner, type Timers, type Transition } from "./step-runner";

// Counts down to 0, one step every 100 ms.
const countdown: Transition<number> = (n) => (n > 0 ? { after: 100, next: n - 1 } : null);

afterEach(() => {
  vi.useRealTimers();
});

describe("createStepRunner", () => {
  it("uses the injected timers and clears the pending one on stop", () => {
    const ids: number[] = [];
    const cleared: unknown[] = [];
    const timers: Timers = {
      setTimeout: (_fn, ms) => {
        ids.push(ms);
        return ids.length;
      },
      clearTimeout: (id) => cleared.push(id),
    };
    const runner = createStepRunner<number>(timers);
    const seen: number[] = [];
    runner.start(3, countdown, (n) => seen.push(n));
    expect(seen).toEqual([3]);
    expect(ids).toEqual([100]);
    expect(runner.pendingTimers).toBe(1);
    runner.stop();
    expect(cleared).toEqual([1]);
    expect(runner.pendingTimers).toBe(0);
  });

  it("an enter callback that stops the runner ends the run", () => {
    vi.useFakeTimers();
    const runner = createStepRunner<number>();
    const seen: number[] = [];
    runner.start(3, countdown, (n) => {
      seen.push(n);
      if (n === 2) runner.stop();
    });
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([3, 2]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an enter callback that restarts the runner leaves only the new run", () => {
    vi.useFakeTimers();
    const runner = createStepRunner<number>();
    const seen: number[] = [];
    let restarted = false;
    const enter = (n: number) => {
      seen.push(n);
      if (n === 1 && !restarted) {
        restarted = true;
        runner.start(2, countdown, enter);
      }
    };
    runner.start(2, countdown, enter);
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([2, 1, 2, 1, 0]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
