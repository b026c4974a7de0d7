import { describe, expect, it } from "vitest";
import { markSuspected, MIN_FILL_MS, spamVerdict, THROTTLE_MAX, THROTTLE_WINDOW_MS } from "./spam-guard";

describe("spamVerdict", () => {
  const base = { honeypot: "", shownAt: 0, now: MIN_FILL_MS + 1, recentSends: [] as number[] };
  it("lets people through", () => expect(spamVerdict(base)).toBe("ok"));
  it("discards only a filled honeypot", () => {
    expect(spamVerdict({ ...base, honeypot: "http://spam" })).toBe("bot");
  });
  it("marks a submit faster than a person types as suspected, never drops it", () => {
    expect(spamVerdict({ ...base, now: MIN_FILL_MS - 1 })).toBe("suspect");
  });
  it("throttles floods within the window only", () => {
    const now = THROTTLE_WINDOW_MS * 2;
    const recent = Array.from({ length: THROTTLE_MAX }, (_, i) => now - 1000 * (i + 1));
    expect(spamVerdict({ ...base, now, recentSends: recent })).toBe("throttled");
    expect(spamVerdict({ ...base, now, recentSends: recent.map((t) => t - THROTTLE_WINDOW_MS) })).toBe("ok");
  });
});

describe("markSuspected", () => {
  it("adds suspected_spam 'ja' and leaves the spec's subject as it is", () => {
    expect(markSuspected({ from_name: "Anna", subject: "Ny förfrågan för Automation" })).toEqual({
      from_name: "Anna",
      suspected_spam: "ja",
      subject: "Ny förfrågan för Automation",
    });
  });
});
