// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import type { Takeover } from "./takeover";
import { SHARED_TAKEOVER_KEY, TAKEOVER_KEY, takeoverStore } from "./takeover-store";

const held: Takeover = {
  id: "c1",
  token: "t1",
  state: "held",
  holder: "Sara",
  offeredTo: "Sara",
  lastSeq: 7,
  transcriptLines: 2,
  waitUntil: 60_000,
  pending: [],
};

describe("the kept takeover", () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    takeoverStore.resetForTests();
  });

  it("resumes this tab after its own last seq", () => {
    takeoverStore.set(held);
    takeoverStore.resetForTests();
    expect(takeoverStore.get()).toEqual(held);
  });

  it("lets another tab join from the first line, and forgets it once it is over", () => {
    takeoverStore.set(held);
    sessionStorage.removeItem(TAKEOVER_KEY); // a new tab: no copy of its own
    takeoverStore.resetForTests();
    expect(takeoverStore.get()).toMatchObject({ id: "c1", token: "t1", lastSeq: 0, transcriptLines: 0, joined: true });
    takeoverStore.set({ ...held, state: "returned" });
    expect(localStorage.getItem(SHARED_TAKEOVER_KEY)).toBeNull();
  });
});
