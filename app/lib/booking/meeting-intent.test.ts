import { describe, expect, it } from "vitest";
import { asksAboutMeeting, meetingIntent, wishedTime } from "./meeting-intent";

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

describe("a question about the meeting (decision 069)", () => {
  it("is no wish to meet, however much it names the meeting", () => {
    for (const text of [
      "hur lång är genomgången och kostar den något?",
      "Får jag en kalenderinbjudan när jag har bokat?",
    ]) {
      expect(meetingIntent(text), text).toBeNull();
      expect(asksAboutMeeting(text), text).toBe(true);
    }
    // Asking for a meeting, with a question beside it: the times, and the answer with them.
    expect(meetingIntent("Kan vi ses på torsdag, och hur lång är mötet?")?.when).toBe("torsdag");
    expect(asksAboutMeeting("Kan röstagenten boka möten?")).toBe(true);
    expect(asksAboutMeeting("Hur lång tid tar en implementation?")).toBe(false);
  });
});

describe("the wished time", () => {
  it("is read in the server's words from misspellings and English", () => {
    expect(wishedTime("kan ni ringa mej imorgn efter lunch?")).toBe("imorgon eftermiddag");
    expect(wishedTime("Thursday afternoon")).toBe("torsdag eftermiddag");
    expect(wishedTime("freda förmiddan")).toBe("fredag förmiddag");
    expect(wishedTime("Good morning! Can we meet next week?")).toBe("nästa vecka");
    expect(wishedTime("Funkar det på fredagar?")).toBe("");
  });
});
