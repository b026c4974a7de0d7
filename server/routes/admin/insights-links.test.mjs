// @vitest-environment node
// An unanswered question links to the newest lead that kept its chat: Emma's lead or a takeover's (decision 074).
import { describe, expect, it } from "vitest";
import { conversationLinks } from "./insights.mjs";

const storeOf = (byKind) => ({
  listMessages: async ({ kind }) => ({ items: byKind[kind] ? [byKind[kind]] : [] }),
});

describe("conversationLinks", () => {
  it("takes the newest of Emma's lead and a takeover's conversation", async () => {
    const q = [{ key: "pris", text: "Vad kostar en automatisering per månad?" }];
    const lead = { id: "l", receivedAt: "2030-01-01T10:00:00.000Z" };
    const conversation = { id: "c", receivedAt: "2030-01-02T10:00:00.000Z" };
    expect((await conversationLinks(storeOf({ lead, conversation }), q)).get("pris")).toBe("c");
    expect((await conversationLinks(storeOf({ lead }), q)).get("pris")).toBe("l");
    expect((await conversationLinks(storeOf({}), q)).has("pris")).toBe(false);
  });
});
