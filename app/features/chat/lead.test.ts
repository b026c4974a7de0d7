// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "~/lib/conversation-store";
import { MAIL_CONFIG_STORAGE, loadMailConfig, normalizeMailConfig } from "./chat-settings";
import { leadPayload, MAX_TRANSCRIPT_BYTES, transcript } from "./lead";

const messages: ChatMessage[] = [
  { id: "1", type: "user", text: "Hej", at: 0 },
  { id: "2", type: "bot", text: "Hej! Vad vill du veta?", at: 0 },
  { id: "3", type: "user", text: "Vi vill boka ett möte", at: 0, via: "voice" },
];

afterEach(() => localStorage.clear());

describe("lead payload", () => {
  it("says a wish to meet, and its kind, when times were offered and none chosen", () => {
    const lead = { name: "Sara Ek", email: "sara@ek.se", phone: "", company: "" };
    const ctx = { salesEmail: "salj@x.se", page: "/", now: new Date(0) };
    expect(leadPayload(lead, messages, { ...ctx, wish: "video" }).message).toBe(
      "Sara Ek vill boka ett kostnadsfritt möte efter en konversation med Emma, men har inte valt någon tid än.",
    );
    expect(leadPayload(lead, messages, { ...ctx, wish: "phone" }).message).toBe(
      "Sara Ek vill bli uppringd efter en konversation med Emma, men har inte valt någon tid än.",
    );
    expect(leadPayload(lead, messages, ctx).message).toBe("Sara Ek vill bli kontaktad efter en konversation med Emma.");
  });

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

describe("transcript cap", () => {
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  const long: ChatMessage[] = Array.from({ length: 60 }, (_, i) => ({
    id: String(i),
    type: i % 2 ? "bot" : "user",
    text: `${i} ${"åäö ".repeat(500)}`,
    at: 0,
  }));

  it("keeps the newest turns within 40,000 bytes, after a note that earlier ones were left out", () => {
    const text = transcript(long);
    expect(bytes(text)).toBeLessThanOrEqual(MAX_TRANSCRIPT_BYTES);
    expect(text.length).toBeLessThanOrEqual(40_000);
    const lines = text.split("\n");
    expect(lines[0]).toBe("(Konversationen var för lång: de tidigaste meddelandena är utelämnade.)");
    expect(lines.at(-1)).toBe(`Emma: 59 ${"åäö ".repeat(500)}`);
    expect(lines[1]).toMatch(/^(Du|Emma): \d+ /);
    expect(text).not.toContain("Du: 0 ");
  });

  it("keeps the end of one turn longer than the limit", () => {
    const text = transcript([{ id: "1", type: "user", text: `${"a".repeat(50_000)}slut`, at: 0 }], 1000);
    expect(bytes(text)).toBeLessThanOrEqual(1000);
    expect(text.endsWith("slut")).toBe(true);
  });

  it("leaves a short conversation whole", () => {
    expect(transcript(messages)).not.toContain("utelämnade");
  });

  it("keeps a whole lead payload under EmailJS's 50 KB", () => {
    const params = leadPayload({ name: "Sara", email: "s@ek.se", phone: "", company: "" }, long, {
      salesEmail: "salj@x.se",
      page: "/",
      now: new Date(0),
    });
    expect(bytes(JSON.stringify(params))).toBeLessThan(50_000);
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
