import type { VoiceConnectStage } from "~/content/voice";
import type { VoiceErrorKind } from "./voice-client";

// The voice call's state machine (spec §4) and the toast each step deserves. Actions that do not
// fit the phase change nothing, so late events cannot revive an ended call.
export type VoicePhase = "idle" | "connecting" | "in-call";

export interface VoiceState {
  phase: VoicePhase;
  /** Where the connection attempt is; null unless connecting. */
  stage: VoiceConnectStage | null;
  /** Emma is talking (else listening / standby). */
  speaking: boolean;
  muted: boolean;
  /** Emma's audio level, 0 to 1. */
  volume: number;
}

export type StartError = Exclude<VoiceErrorKind, "call-error">;

export type VoiceAction =
  | { type: "start" }
  | { type: "progress"; stage: VoiceConnectStage }
  | { type: "call-start" }
  | { type: "start-failed"; error: StartError }
  | { type: "stop" }
  | { type: "call-end" }
  | { type: "speech-start" }
  | { type: "speech-end" }
  | { type: "volume"; level: number }
  | { type: "muted"; muted: boolean }
  | { type: "error" };

export type VoiceNotice = { kind: "online" } | { kind: "ended" } | { kind: "error"; error: VoiceErrorKind };

/** A start that has not reached the call by then is given up (the UI never stays 'connecting'). */
export const CONNECT_TIMEOUT_MS = 30_000;

export const initialVoiceState: VoiceState = { phase: "idle", stage: null, speaking: false, muted: false, volume: 0 };

/** Returns `state` itself when nothing changes, so React skips the render. */
export function voiceReducer(state: VoiceState, action: VoiceAction): VoiceState {
  const inCall = state.phase === "in-call";
  switch (action.type) {
    case "start":
      return state.phase === "idle" ? { ...initialVoiceState, phase: "connecting", stage: "loading" } : state;
    case "progress":
      return state.phase === "connecting" && state.stage !== action.stage ? { ...state, stage: action.stage } : state;
    case "call-start":
      return state.phase === "connecting" ? { ...initialVoiceState, phase: "in-call" } : state;
    case "start-failed":
      return state.phase === "connecting" ? initialVoiceState : state;
    case "stop":
    case "call-end":
      return initialVoiceState;
    case "speech-start":
    case "speech-end": {
      const speaking = action.type === "speech-start";
      return inCall && state.speaking !== speaking ? { ...state, speaking } : state;
    }
    case "volume":
      return inCall && state.volume !== action.level ? { ...state, volume: action.level } : state;
    case "muted":
      return inCall && state.muted !== action.muted ? { ...state, muted: action.muted } : state;
    case "error":
      return state;
  }
}

/** The toast for a step from `prev`, if any. */
export function voiceNotice(prev: VoiceState, action: VoiceAction): VoiceNotice | null {
  switch (action.type) {
    case "call-start":
      return prev.phase === "connecting" ? { kind: "online" } : null;
    case "start-failed":
      // From idle only the configuration check can fail; a stale failure after a stop says nothing.
      return prev.phase === "connecting" || (prev.phase === "idle" && action.error === "not-configured")
        ? { kind: "error", error: action.error }
        : null;
    case "stop":
      return prev.phase === "idle" ? null : { kind: "ended" };
    case "call-end":
      if (prev.phase === "in-call") return { kind: "ended" };
      // The call went away before Emma was listening: that start failed.
      return prev.phase === "connecting" ? { kind: "error", error: "start-failed" } : null;
    case "error":
      return prev.phase === "in-call" ? { kind: "error", error: "call-error" } : null;
    default:
      return null;
  }
}
