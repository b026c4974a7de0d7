import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  automationIdle,
  automationStarted,
  automationStepStatus,
  automationTransition,
  type AutomationState,
  type AutomationStep,
} from "./automation-steps";
import { createStepRunner } from "./step-runner";

const REPLY_LENGTH = 10;
// Step 2 at 2000 ms, step 3 at 3500 ms, last character at 3500 + 10·30 = 3800 ms, step 4 at 4800 ms.
const AT = { 2: 2000, 3: 3500, typed: 3800, 4: 4800 } as const;

function setup(instantReply = false) {
  const runner = createStepRunner<AutomationState>();
  let current: AutomationState = automationIdle;
  const seen: AutomationState[] = [];
  const enter = (s: AutomationState) => {
    current = s;
    seen.push(s);
  };
  const start = () => runner.start(automationStarted, automationTransition(REPLY_LENGTH, instantReply), enter);
  return { runner, start, seen, now: () => current };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("automation demo step machine", () => {
  it("is idle until started, then enters step 1 at once", () => {
    const { start, now } = setup();
    expect(now()).toEqual({ step: 0, typed: 0 });
    start();
    expect(now()).toEqual({ step: 1, typed: 0 });
  });

  it("moves to 2 after 2000 ms, to 3 after a further 1500 ms, types 1 character per 30 ms, sends 1000 ms later", () => {
    const { start, now } = setup();
    start();
    vi.advanceTimersByTime(AT[2] - 1);
    expect(now().step).toBe(1);
    vi.advanceTimersByTime(1);
    expect(now()).toEqual({ step: 2, typed: 0 });

    vi.advanceTimersByTime(AT[3] - AT[2] - 1);
    expect(now().step).toBe(2);
    vi.advanceTimersByTime(1);
    expect(now()).toEqual({ step: 3, typed: 0 });

    vi.advanceTimersByTime(29);
    expect(now().typed).toBe(0);
    vi.advanceTimersByTime(1);
    expect(now().typed).toBe(1);
    vi.advanceTimersByTime(30 * 4);
    expect(now()).toEqual({ step: 3, typed: 5 });
    vi.advanceTimersByTime(AT.typed - AT[3] - 30 * 5);
    expect(now()).toEqual({ step: 3, typed: REPLY_LENGTH });

    vi.advanceTimersByTime(AT[4] - AT.typed - 1);
    expect(now().step).toBe(3);
    vi.advanceTimersByTime(1);
    expect(now()).toEqual({ step: 4, typed: REPLY_LENGTH });
  });

  it("enters every state exactly once and leaves no timer behind when finished", () => {
    const { start, seen, runner } = setup();
    start();
    vi.advanceTimersByTime(60_000);
    expect(seen.map((s) => s.step)).toEqual([1, 2, 3, ...Array<AutomationStep>(REPLY_LENGTH).fill(3), 4]);
    expect(seen.filter((s) => s.step === 3).map((s) => s.typed)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(runner.pendingTimers).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("under reduced motion shows the whole reply on entering 3 and keeps the timings", () => {
    const { start, now, runner } = setup(true);
    start();
    vi.advanceTimersByTime(AT[3]);
    expect(now()).toEqual({ step: 3, typed: REPLY_LENGTH });
    vi.advanceTimersByTime(999);
    expect(now().step).toBe(3);
    vi.advanceTimersByTime(1);
    expect(now()).toEqual({ step: 4, typed: REPLY_LENGTH });
    expect(runner.pendingTimers).toBe(0);
  });

  // A reset at each step, also in the middle of the typing and just before each transition.
  const resetPoints: [string, number][] = [
    ["in step 1", 0],
    ["just before step 2", AT[2] - 1],
    ["in step 2", AT[2]],
    ["just before step 3", AT[3] - 1],
    ["at the start of step 3", AT[3]],
    ["in the middle of the typing", AT[3] + 30 * 4 + 15],
    ["after the typing, before sending", AT.typed + 500],
    ["in step 4", AT[4]],
  ];
  for (const [label, at] of resetPoints) {
    it(`a reset ${label} cancels every pending timer and no step fires afterwards`, () => {
      const { start, seen, runner } = setup();
      start();
      vi.advanceTimersByTime(at);
      runner.stop();
      const entered = seen.length;
      expect(runner.pendingTimers).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(60_000);
      expect(seen).toHaveLength(entered);
    });
  }

  it("starting again mid-run restarts cleanly from step 1 with one chain of timers", () => {
    const { start, now, seen, runner } = setup();
    start();
    vi.advanceTimersByTime(AT[3] + 100);
    start();
    expect(now()).toEqual({ step: 1, typed: 0 });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(AT[2] - 1);
    expect(now().step).toBe(1);
    const before = seen.length;
    vi.advanceTimersByTime(60_000);
    // The second run alone: 2, 3 (+ 10 characters), 4.
    expect(seen.slice(before).map((s) => s.step)).toEqual([2, 3, ...Array<AutomationStep>(REPLY_LENGTH).fill(3), 4]);
    expect(runner.pendingTimers).toBe(0);
  });
});

describe("automationTransition", () => {
  it("has no transition out of idle or sent", () => {
    const t = automationTransition(5);
    expect(t({ step: 0, typed: 0 })).toBeNull();
    expect(t({ step: 4, typed: 5 })).toBeNull();
  });
  it("goes straight from an empty reply to sending", () => {
    expect(automationTransition(0)({ step: 3, typed: 0 })).toEqual({ after: 1000, next: { step: 4, typed: 0 } });
  });
});

describe("automationStepStatus", () => {
  it("marks earlier steps done, the current one active, later ones waiting, and all done once sent", () => {
    expect([1, 2, 3, 4].map((n) => automationStepStatus(0, n))).toEqual(["waiting", "waiting", "waiting", "waiting"]);
    expect([1, 2, 3, 4].map((n) => automationStepStatus(2, n))).toEqual(["done", "active", "waiting", "waiting"]);
    expect([1, 2, 3, 4].map((n) => automationStepStatus(4, n))).toEqual(["done", "done", "done", "done"]);
  });
});
