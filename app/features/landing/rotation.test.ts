import { describe, expect, it } from "vitest";
import { isAutoPlaying, keyedIndex, nextIndex, previousIndex } from "./rotation";

describe("nextIndex", () => {
  it("cycles 0..count-1", () => {
    expect(nextIndex(0, 18)).toBe(1);
    expect(nextIndex(16, 18)).toBe(17);
    expect(nextIndex(17, 18)).toBe(0);
  });
  it("is 0 for an empty ring", () => expect(nextIndex(3, 0)).toBe(0));
});

describe("previousIndex", () => {
  it("cycles 17..0 backwards", () => {
    expect(previousIndex(1, 18)).toBe(0);
    expect(previousIndex(0, 18)).toBe(17);
  });
  it("is 0 for an empty ring", () => expect(previousIndex(3, 0)).toBe(0));
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

describe("keyedIndex", () => {
  it("moves with the arrows, wrapping at both ends", () => {
    expect(keyedIndex("ArrowRight", 17, 18)).toBe(0);
    expect(keyedIndex("ArrowDown", 3, 18)).toBe(4);
    expect(keyedIndex("ArrowLeft", 0, 18)).toBe(17);
    expect(keyedIndex("ArrowUp", 5, 18)).toBe(4);
  });
  it("jumps with Home and End, ignores other keys", () => {
    expect(keyedIndex("Home", 9, 18)).toBe(0);
    expect(keyedIndex("End", 9, 18)).toBe(17);
    expect(keyedIndex("Enter", 9, 18)).toBeNull();
  });
});
