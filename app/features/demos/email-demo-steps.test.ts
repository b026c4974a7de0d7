import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  emailDemoIdle,
  emailDemoStarted,
  emailDemoTransition,
  emailDemoView,
  emailStepStatus,
  type EmailDemoState,
} from "./email-demo-steps";
import { createStepRunner } from "./step-runner";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const runner = createStepRunner<EmailDemoState>();
  let current = emailDemoIdle;
  const start = () => runner.start(emailDemoStarted, emailDemoTransition(5), (s) => (current = s));
  return { runner, start, now: () => current };
}

describe("email demo steps", () => {
  it("finishes one step every 1500 ms and is done after five", () => {
    const { start, now, runner } = setup();
    start();
    expect(now()).toEqual({ phase: "running", completed: 0 });
    for (let done = 1; done <= 4; done++) {
      vi.advanceTimersByTime(1499);
      expect(now().completed).toBe(done - 1);
      vi.advanceTimersByTime(1);
      expect(now()).toEqual({ phase: "running", completed: done });
    }
    vi.advanceTimersByTime(1499);
    expect(now().phase).toBe("running");
    vi.advanceTimersByTime(1);
    expect(now()).toEqual({ phase: "done", completed: 5 });
    expect(runner.pendingTimers).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("running it again restarts from the first step", () => {
    const { start, now } = setup();
    start();
    vi.advanceTimersByTime(4000);
    start();
    expect(now()).toEqual({ phase: "running", completed: 0 });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(7499);
    expect(now().phase).toBe("running");
    vi.advanceTimersByTime(1);
    expect(now().phase).toBe("done");
  });

  it("leaves no timer after stop", () => {
    const { start, runner } = setup();
    start();
    vi.advanceTimersByTime(3000);
    runner.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("emailStepStatus", () => {
  it("marks finished steps done, the current one active and the rest waiting", () => {
    const s: EmailDemoState = { phase: "running", completed: 2 };
    expect([0, 1, 2, 3, 4].map((i) => emailStepStatus(s, i))).toEqual(["done", "done", "active", "waiting", "waiting"]);
  });
  it("has no active step when idle or done", () => {
    expect(emailStepStatus(emailDemoIdle, 0)).toBe("waiting");
    expect(emailStepStatus({ phase: "done", completed: 5 }, 4)).toBe("done");
  });
});

describe("emailDemoView", () => {
  it("shows nothing before the start and everything, sent, at the end", () => {
    expect(emailDemoView(emailDemoIdle)).toEqual({ email: false, analysed: false, reply: "none" });
    expect(emailDemoView({ phase: "done", completed: 5 })).toEqual({ email: true, analysed: true, reply: "sent" });
  });
  it("receives the e-mail first, analyses it, then writes and drafts the answer", () => {
    expect(emailDemoView(emailDemoStarted)).toEqual({ email: true, analysed: false, reply: "none" });
    expect(emailDemoView({ phase: "running", completed: 2 })).toEqual({ email: true, analysed: true, reply: "none" });
    expect(emailDemoView({ phase: "running", completed: 3 }).reply).toBe("writing");
    expect(emailDemoView({ phase: "running", completed: 4 }).reply).toBe("drafted");
  });
});
