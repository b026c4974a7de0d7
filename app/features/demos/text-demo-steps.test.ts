import { afterEach, describe, expect, it, vi } from "vitest";
import { demoDefaultReply } from "~/content/canned-replies";
import { createStepRunner } from "./step-runner";
import { askQuestion, demoAnswer, textDemoIdle, textDemoTransition, type TextDemoState } from "./text-demo-steps";

afterEach(() => {
  vi.useRealTimers();
});

describe("text demo", () => {
  it("answers with Emma's canned reply, or the demo default when nothing matches", () => {
    expect(demoAnswer("Vad kostar det?").text).toMatch(/15 000 kr/);
    expect(demoAnswer("Hur lång tid tar en implementation?").text).toMatch(/10–20 dagar/);
    expect(demoAnswer("Kan ni baka bullar?")).toEqual({ text: demoDefaultReply, unanswered: true });
  });

  it("answers from the site's knowledge when no canned group matches", () => {
    const passage = {
      id: "x",
      title: "t",
      text: "t",
      keywords: "",
      href: "/om-oss",
      linkLabel: "Om oss",
      answer: "Sedan 2019.",
      question: "När startade ni?",
    };
    const search = (q: string) => (q.includes("startade") ? [{ passage, score: 1, coverage: 1 }] : []);
    expect(demoAnswer("När startade ni?", search)).toEqual({
      text: "Sedan 2019.",
      link: { href: "/om-oss", label: "Om oss" },
    });
    expect(demoAnswer("Kan ni baka bullar?", search)).toEqual({ text: demoDefaultReply, unanswered: true });
    expect(demoAnswer("Vad kostar det?", search).text).toMatch(/15 000 kr/);
  });

  it("does nothing for an empty or blank question", () => {
    expect(askQuestion("")).toBeNull();
    expect(askQuestion("   ")).toBeNull();
    expect(askQuestion("  Hej  ")).toEqual({ phase: "thinking", question: "Hej" });
  });

  it("thinks for 1500 ms, then answers", () => {
    vi.useFakeTimers();
    const runner = createStepRunner<TextDemoState>();
    let now = textDemoIdle;
    runner.start(askQuestion("Vad kostar det?")!, textDemoTransition(), (s) => (now = s));
    vi.advanceTimersByTime(1499);
    expect(now.phase).toBe("thinking");
    vi.advanceTimersByTime(1);
    expect(now).toEqual({ phase: "answered", question: "Vad kostar det?", answer: demoAnswer("Vad kostar det?") });
    expect(vi.getTimerCount()).toBe(0);
  });
});
