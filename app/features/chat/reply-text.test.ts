// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { chatCopy } from "~/content/chat";
import { replyText } from "./use-chat";

describe("replyText", () => {
  it("says what Emma shows for each AI result", () => {
    expect(replyText({ ok: true, text: "Svar." })).toBe("Svar.");
    expect(replyText({ ok: true, text: "  " })).toBe(chatCopy.replies.empty);
    expect(replyText({ ok: false, kind: "aborted", partial: "" })).toBeNull();
    expect(replyText({ ok: false, kind: "server", partial: "Halva" })).toBe(`Halva\n\n${chatCopy.replies.interrupted}`);
    expect(replyText({ ok: false, kind: "unauthorized", partial: "" })).toBe(chatCopy.replies.keyRejected);
    expect(replyText({ ok: false, kind: "network", partial: "" })).toBe(chatCopy.replies.failed);
  });
});
