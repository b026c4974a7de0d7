import { describe, expect, it } from "vitest";
import { mergeLines, newlyWaiting, type ConversationItem, type ConversationLine } from "./conversations-api";

const line = (seq: number, text: string): ConversationLine => ({ seq, author: "visitor", name: null, text, at: "" });
const item = (id: string, state: ConversationItem["state"]): ConversationItem => ({
  id,
  state,
  holder: null,
  offeredTo: null,
  askedAt: null,
  takenAt: null,
  page: null,
  visitorName: null,
  lastLine: null,
  lines: 0,
});

describe("the team's conversation view", () => {
  it("merges a reload and live lines by seq, once each, in order", () => {
    const shown = mergeLines([line(1, "a"), line(3, "c")], [line(2, "b"), line(3, "c"), line(4, "d")]);
    expect(shown.map((l) => l.text)).toEqual(["a", "b", "c", "d"]);
  });

  it("alerts for a conversation newly waiting only", () => {
    const items = [item("a", "waiting"), item("b", "held"), item("c", "waiting")];
    expect(newlyWaiting(items, new Set(["a"]))).toEqual(["c"]);
  });
});
