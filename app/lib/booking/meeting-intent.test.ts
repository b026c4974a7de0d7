import { describe, expect, it } from "vitest";
import { meetingIntent } from "./meeting-intent";

describe("a wish to meet", () => {
  it("is found in the ways visitors ask, with the wished time's words", () => {
    expect(meetingIntent("kan vi ses?")).toEqual({ kind: "video", when: "" });
    expect(meetingIntent("Boka ett möte")).toEqual({ kind: "video", when: "" });
    expect(meetingIntent("Kan vi ta ett möte nån dag nästa vecka?")).toEqual({ kind: "video", when: "nästa vecka" });
    expect(meetingIntent("hur gör jag för att boka ett möte?")?.kind).toBe("video");
    expect(meetingIntent("Vi vill komma igång, kan vi träffas på torsdag eftermiddag?")).toEqual({
      kind: "video",
      when: "torsdag eftermiddag",
    });
  });

  it("is a call back when they ask to be called", () => {
    expect(meetingIntent("kan ni ringa upp mig imorgon förmiddag?")).toEqual({
      kind: "phone",
      when: "imorgon förmiddag",
    });
    expect(meetingIntent("kan nån ringa upp mig i eftermiddag?")).toEqual({ kind: "phone", when: "eftermiddag" });
    expect(meetingIntent("Ring mig i övermorgon")).toEqual({ kind: "phone", when: "övermorgon" });
  });

  it("is not found in questions about other things", () => {
    for (const text of [
      "Vad kostar det?",
      "Hur lång tid tar en implementation?",
      "bokföring med AI?",
      "Ja tack",
      "sesam",
    ])
      expect(meetingIntent(text)).toBeNull();
  });
});
