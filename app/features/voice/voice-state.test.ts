import { describe, expect, it } from "vitest";
import { initialVoiceState, voiceNotice, voiceReducer, type VoiceAction, type VoiceState } from "./voice-state";

const run = (actions: VoiceAction[], from: VoiceState = initialVoiceState) => actions.reduce(voiceReducer, from);
const connecting = run([{ type: "start" }]);
const inCall = run([{ type: "start" }, { type: "call-start" }]);

describe("voice state machine", () => {
  it("starts idle, with nothing speaking, muted or loud", () => {
    expect(initialVoiceState).toEqual({ phase: "idle", stage: null, speaking: false, muted: false, volume: 0 });
  });

  it("goes idle → connecting → in call (listening) on call-start", () => {
    expect(connecting).toMatchObject({ phase: "connecting", stage: "loading" });
    expect(inCall).toEqual({ ...initialVoiceState, phase: "in-call" });
  });

  it("follows the connection stages while connecting, and only then", () => {
    const s = run(
      [
        { type: "progress", stage: "microphone" },
        { type: "progress", stage: "joining" },
      ],
      connecting,
    );
    expect(s.stage).toBe("joining");
    expect(voiceReducer(initialVoiceState, { type: "progress", stage: "joining" })).toBe(initialVoiceState);
    expect(voiceReducer(inCall, { type: "progress", stage: "joining" })).toBe(inCall);
  });

  it("toggles speaking with speech-start and speech-end during a call", () => {
    const speaking = voiceReducer(inCall, { type: "speech-start" });
    expect(speaking.speaking).toBe(true);
    expect(voiceReducer(speaking, { type: "speech-end" }).speaking).toBe(false);
  });

  it("tracks volume and the microphone during a call", () => {
    expect(voiceReducer(inCall, { type: "volume", level: 0.4 }).volume).toBe(0.4);
    expect(voiceReducer(inCall, { type: "muted", muted: true }).muted).toBe(true);
  });

  it("resets everything on call-end and on stop", () => {
    const busy = run(
      [{ type: "speech-start" }, { type: "muted", muted: true }, { type: "volume", level: 0.9 }],
      inCall,
    );
    expect(voiceReducer(busy, { type: "call-end" })).toBe(initialVoiceState);
    expect(voiceReducer(busy, { type: "stop" })).toBe(initialVoiceState);
    expect(voiceReducer(connecting, { type: "stop" })).toBe(initialVoiceState);
  });

  it("returns to idle when a start fails", () => {
    for (const error of ["not-configured", "download-failed", "load-failed", "microphone", "start-failed"] as const) {
      expect(voiceReducer(connecting, { type: "start-failed", error })).toBe(initialVoiceState);
    }
  });

  it("ignores events that do not fit the phase: strays after the end cannot revive a call", () => {
    const stray: VoiceAction[] = [
      { type: "speech-start" },
      { type: "speech-end" },
      { type: "volume", level: 1 },
      { type: "muted", muted: true },
      { type: "call-start" },
      { type: "error" },
      { type: "start-failed", error: "start-failed" },
    ];
    for (const action of stray) expect(voiceReducer(initialVoiceState, action)).toBe(initialVoiceState);
    // Speaking before Emma listens, a second start, a late failure after the call began: no change.
    expect(voiceReducer(connecting, { type: "speech-start" })).toBe(connecting);
    expect(voiceReducer(inCall, { type: "start" })).toBe(inCall);
    expect(voiceReducer(inCall, { type: "start-failed", error: "start-failed" })).toBe(inCall);
  });

  it("keeps the same object when nothing changes (no re-render)", () => {
    expect(voiceReducer(inCall, { type: "speech-end" })).toBe(inCall);
    expect(voiceReducer(inCall, { type: "volume", level: 0 })).toBe(inCall);
    expect(voiceReducer(inCall, { type: "muted", muted: false })).toBe(inCall);
    expect(voiceReducer(inCall, { type: "error" })).toBe(inCall);
  });
});

describe("voice notices", () => {
  it("says 'online' when Emma starts listening", () => {
    expect(voiceNotice(connecting, { type: "call-start" })).toEqual({ kind: "online" });
    expect(voiceNotice(initialVoiceState, { type: "call-start" })).toBeNull();
  });

  it("says 'ended' when the visitor ends a call or the call ends", () => {
    expect(voiceNotice(inCall, { type: "stop" })).toEqual({ kind: "ended" });
    expect(voiceNotice(connecting, { type: "stop" })).toEqual({ kind: "ended" });
    expect(voiceNotice(inCall, { type: "call-end" })).toEqual({ kind: "ended" });
    expect(voiceNotice(initialVoiceState, { type: "stop" })).toBeNull();
    expect(voiceNotice(initialVoiceState, { type: "call-end" })).toBeNull();
  });

  it("reports each failed start with its own kind", () => {
    for (const error of ["download-failed", "load-failed", "microphone", "start-failed"] as const) {
      expect(voiceNotice(connecting, { type: "start-failed", error })).toEqual({ kind: "error", error });
      // After a stop the attempt is gone: its late failure says nothing.
      expect(voiceNotice(initialVoiceState, { type: "start-failed", error })).toBeNull();
    }
    expect(voiceNotice(initialVoiceState, { type: "start-failed", error: "not-configured" })).toEqual({
      kind: "error",
      error: "not-configured",
    });
  });

  it("treats a call that ends before Emma listens as a failed start", () => {
    expect(voiceNotice(connecting, { type: "call-end" })).toEqual({ kind: "error", error: "start-failed" });
  });

  it("reports SDK errors during a call only", () => {
    expect(voiceNotice(inCall, { type: "error" })).toEqual({ kind: "error", error: "call-error" });
    expect(voiceNotice(initialVoiceState, { type: "error" })).toBeNull();
  });

  it("has nothing to say about speech, volume and the microphone", () => {
    for (const action of [
      { type: "speech-start" },
      { type: "volume", level: 1 },
      { type: "muted", muted: true },
    ] as const) {
      expect(voiceNotice(inCall, action)).toBeNull();
    }
  });
});
