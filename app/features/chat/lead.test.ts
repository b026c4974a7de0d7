// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "~/lib/conversation-store";
import { leadTarget, MAIL_CONFIG_STORAGE, loadMailConfig, normalizeMailConfig } from "./chat-settings";
import { leadPayload, transcript } from "./lead";

const messages: ChatMessage[] = [
  { id: "1", type: "user", text: "Hej", at: 0 },
  { id: "2", type: "bot", text: "Hej! Vad vill du veta?", at: 0 },
  { id: "3", type: "user", text: "Vi vill boka ett möte", at: 0, via: "voice" },
];

afterEach(() => localStorage.clear());

describe("lead payload", () => {
  it("carries the lead, the transcript, an ISO timestamp and the source", () => {
    expect(
      leadPayload({ name: " Sara Ek ", email: "sara@ek.se", phone: "070-1", company: "Ek AB" }, messages, {
        salesEmail: "salj@x.se",
        page: "/demo",
        now: new Date("2026-11-22T10:00:00Z"),
      }),
    ).toEqual({
      to_email: "salj@x.se",
      from_name: "Sara Ek",
      from_email: "sara@ek.se",
      phone: "070-1",
      company: "Ek AB",
      conversation: "Du: Hej\nEmma: Hej! Vad vill du veta?\nDu (sagt i röstsamtal): Vi vill boka ett möte",
      timestamp: "2026-11-22T10:00:00.000Z",
      source: "Emma chat (/demo)",
      message: "Sara Ek vill bli kontaktad efter en konversation med Emma.",
      subject: "Nytt lead från Emma: Sara Ek",
    });
    expect(transcript([])).toBe("");
  });
});

describe("mail config", () => {
  it("needs all three fields, trimmed", () => {
    expect(normalizeMailConfig({ serviceId: " s ", templateId: "t", publicKey: "p" })).toEqual({
      serviceId: "s",
      templateId: "t",
      publicKey: "p",
    });
    expect(normalizeMailConfig({ serviceId: "s", templateId: " ", publicKey: "p" })).toBeNull();
  });
  it("ignores garbage in storage", () => {
    localStorage.setItem(MAIL_CONFIG_STORAGE, '{"serviceId":1}');
    expect(loadMailConfig()).toBeNull();
  });
  it("sends leads with the visitor's config, else nowhere without an operator key", () => {
    expect(leadTarget({ serviceId: "s", templateId: "t", publicKey: "p" })).toEqual({
      origin: "https://api.emailjs.com",
      serviceId: "s",
      templateId: "t",
      publicKey: "p",
    });
    expect(leadTarget(null)).toBeNull(); // the unit tests run without VITE_EMAILJS_PUBLIC_KEY
  });
});

describe("AI key", () => {
  it("stores a trimmed visible-ASCII key and refuses empty or non-ASCII ones", async () => {
    const { saveAiKey, loadAiKey } = await import("./chat-settings");
    expect(saveAiKey("  ")).toBe("empty");
    expect(saveAiKey("sk-åäö")).toBe("invalid");
    expect(saveAiKey("sk a")).toBe("invalid");
    expect(saveAiKey(" sk-abc ")).toBeNull();
    expect(loadAiKey()).toBe("sk-abc");
  });
});
