import { describe, expect, it } from "vitest";
import type { ChatMessage } from "~/lib/conversation-store";
import { offeredTimes } from "./offered-times";

let n = 0;
const msg = (m: Partial<ChatMessage>): ChatMessage => ({ id: String(n++), type: "bot", text: "", at: 0, ...m });
const monday = { start: "2030-01-07T09:00:00.000Z", label: "måndag 7 januari kl. 10:00" };
const tuesday = { start: "2030-01-08T09:00:00.000Z", label: "tisdag 8 januari kl. 10:00" };

describe("offeredTimes", () => {
  it("is nothing before any times were offered", () => {
    expect(offeredTimes([])).toBeNull();
    expect(offeredTimes([msg({ type: "user", text: "hej" }), msg({ text: "Hej!" })])).toBeNull();
  });

  it("is the latest offer, with its kind, however much was said after it", () => {
    const messages = [
      msg({ times: [monday], meeting: "phone" }),
      msg({ times: [tuesday] }),
      msg({ type: "user", text: "ja gärna" }),
      msg({ text: "Toppen, jag håller tisdag åt dig." }),
    ];
    expect(offeredTimes(messages)).toEqual({ times: [tuesday], kind: "video" });
    expect(offeredTimes(messages.slice(0, 1))).toEqual({ times: [monday], kind: "phone" });
  });

  it("ends with a booking, and an empty offer is none", () => {
    expect(offeredTimes([msg({ times: [monday] }), msg({ text: "Klart!", booked: true })])).toBeNull();
    expect(offeredTimes([msg({ times: [monday] }), msg({ times: [] })])).toEqual({ times: [monday], kind: "video" });
    expect(offeredTimes([msg({ times: [monday] }), msg({ booked: true }), msg({ times: [tuesday] })])).toEqual({
      times: [tuesday],
      kind: "video",
    });
  });
});
