import type { VoiceConnectStage } from "~/content/voice";

// The interface the widget talks to: vapi-client.ts implements it, tests pass a fake.

/** What can go wrong, in the widget's words (each maps to one toast in app/content/voice.ts). */
export type VoiceErrorKind =
  | "not-configured"
  /** The SDK's code could not be downloaded (offline, a 404 after a deploy): nothing to configure. */
  | "download-failed"
  /** The SDK was there but could not be set up with the key. */
  | "load-failed"
  | "microphone"
  | "start-failed"
  | "call-error";

/** Events of the current call only: the client drops anything that arrives after the call ended. */
export type VoiceEvent =
  | { type: "progress"; stage: VoiceConnectStage }
  /** The platform is listening: the call is on. */
  | { type: "call-start" }
  /** The call is over (remote hang-up, network loss, or our own stop()); sent once per call. */
  | { type: "call-end" }
  | { type: "speech-start" }
  | { type: "speech-end" }
  /** Emma's audio level, 0 to 1. */
  | { type: "volume"; level: number }
  /** A final transcript of one turn. */
  | { type: "transcript"; role: "user" | "assistant"; text: string }
  /** A link for the conversation (the page Emma's search answered from), after her turn. */
  | { type: "link"; text: string }
  /** The microphone changed under us (the SDK re-enables it after a noise-cancellation failure). */
  | { type: "muted"; muted: boolean }
  /** Something broke during the call. */
  | { type: "error"; kind: "call-error" };

export type StartResult = { ok: true } | { ok: false; error: "start-failed" };

export interface VoiceClient {
  /** Starts a call with the assistant. Never throws: failures come back as a result. */
  start(assistantId: string): Promise<StartResult>;
  /** Ends the current call or start attempt at once (events stop now) and tears it down. */
  stop(): Promise<void>;
  /** Mutes or unmutes the microphone; returns the state it really is in. Safe without a call. */
  setMuted(muted: boolean): boolean;
  subscribe(listener: (event: VoiceEvent) => void): () => void;
  /** Removes every SDK listener; the client is unusable afterwards. */
  destroy(): void;
}

/** Thrown by a LoadVoiceClient when the SDK's code could not be downloaded. */
export class VoiceDownloadError extends Error {
  override name = "VoiceDownloadError";
}

/** Rejects with VoiceDownloadError when the SDK cannot be downloaded, with another when it cannot be made. */
export type LoadVoiceClient = (publicKey: string) => Promise<VoiceClient>;
