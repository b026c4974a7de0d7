import { describe, expect, it } from "vitest";
import { isAutoPlaying, nextIndex } from "./rotation";

describe("nextIndex", () => {
  it("cycles 0..count-1", () => {
    expect(nextIndex(0, 18)).toBe(1);
    expect(nextIndex(16, 18)).toBe(17);
    expect(nextIndex(17, 18)).toBe(0);
  });
  it("is 0 for an empty ring", () => expect(nextIndex(3, 0)).toBe(0));
});

describe("isAutoPlaying", () => {
  it("plays by default, not under reduced motion", () => {
    expect(isAutoPlaying(null, false)).toBe(true);
    expect(isAutoPlaying(null, true)).toBe(false);
  });
  it("follows the visitor's explicit choice", () => {
    expect(isAutoPlaying(true, true)).toBe(true);
    expect(isAutoPlaying(false, false)).toBe(false);
  });
});
