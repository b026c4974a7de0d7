// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONVERSATION_KEY, conversation, LEAD_FORM_KEY, MAX_STORED_MESSAGES } from "./conversation-store";

afterEach(() => {
  sessionStorage.clear();
  conversation.resetForTests();
});

describe("conversation store", () => {
  it("writes nothing before the first message", () => {
    expect(conversation.getSnapshot()).toEqual([]);
    expect(sessionStorage.getItem(CONVERSATION_KEY)).toBeNull();
  });
  it("appends, updates, notifies and survives a reload", () => {
    const listener = vi.fn();
    conversation.subscribe(listener);
    const m = conversation.append({ type: "user", text: "Hej" });
    const b = conversation.append({ type: "bot", text: "" });
    conversation.update(b.id, "Hej!");
    expect(listener).toHaveBeenCalledTimes(3);
    conversation.resetForTests();
    expect(conversation.getSnapshot().map((x) => [x.id, x.type, x.text])).toEqual([
      [m.id, "user", "Hej"],
      [b.id, "bot", "Hej!"],
    ]);
  });
  it("remembers an open lead form until it closes or the conversation is cleared", () => {
    expect(conversation.leadFormOpen()).toBe(false);
    conversation.setLeadFormOpen(true);
    expect(conversation.leadFormOpen()).toBe(true);
    conversation.setLeadFormOpen(false);
    expect(sessionStorage.getItem(LEAD_FORM_KEY)).toBeNull();
    conversation.setLeadFormOpen(true);
    conversation.append({ type: "user", text: "ja" });
    conversation.clear();
    expect(conversation.leadFormOpen()).toBe(false);
    sessionStorage.setItem(LEAD_FORM_KEY, '"yes"');
    expect(conversation.leadFormOpen()).toBe(false);
  });
  it("keeps spoken turns marked as voice", () => {
    conversation.append({ type: "user", text: "Hallå", via: "voice" });
    conversation.resetForTests();
    expect(conversation.getSnapshot()[0]?.via).toBe("voice");
  });
  it("ignores garbage in storage", () => {
    sessionStorage.setItem(CONVERSATION_KEY, '[{"type":"evil"}]');
    expect(conversation.getSnapshot()).toEqual([]);
  });
  it("is bounded", () => {
    for (let i = 0; i < MAX_STORED_MESSAGES + 5; i++) conversation.append({ type: "user", text: String(i) });
    expect(conversation.getSnapshot()).toHaveLength(MAX_STORED_MESSAGES);
    expect(conversation.getSnapshot()[0]?.text).toBe("5");
  });
  it("clears", () => {
    conversation.append({ type: "user", text: "x" });
    conversation.clear();
    expect(conversation.getSnapshot()).toEqual([]);
    expect(sessionStorage.getItem(CONVERSATION_KEY)).toBeNull();
  });
});
