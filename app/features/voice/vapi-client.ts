import VapiModule from "@vapi-ai/web";
import { chatCopy } from "~/content/chat";
import type { VoiceConnectStage } from "~/content/voice";
import { isRecord } from "~/lib/safe-storage";
import type { StartResult, VoiceClient, VoiceEvent } from "./voice-client";

// The one adapter around @vapi-ai/web 2.7.x, guarding its sharp edges (decision 011).

type Vapi = VapiModule;
/** CommonJS: Vite's interop hands over the exports object, vitest the class. Take the class. */
const Vapi: typeof VapiModule = (VapiModule as unknown as { default?: typeof VapiModule }).default ?? VapiModule;

/** The part of the SDK we use; the tests pass a fake with the same shape. */
export type VapiSdk = Pick<Vapi, "on" | "removeListener" | "start" | "stop" | "setMuted" | "isMuted">;

const OK: StartResult = { ok: true };
const FAILED: StartResult = { ok: false, error: "start-failed" };

/** The SDK's call-start-progress stages, grouped into what the status pill says. */
const STAGES: Record<string, VoiceConnectStage> = {
  initialization: "creating",
  "web-call-creation": "creating",
  "daily-call-object-creation": "joining",
  "mobile-permissions": "joining",
  "daily-call-join": "joining",
  "video-recording-setup": "joining",
  "audio-observer-setup": "joining",
  "audio-processing-setup": "joining",
};

/** Errors the SDK reports but survives (the call goes on): logged, the mute button re-read. */
const SURVIVED_ERRORS = new Set([
  "audio-processing-setup-error",
  "audio-processor-recovery-error",
  "audio-observer-setup-error",
  "video-recording-setup-error",
  "local-audio-level-observer-error",
]);

/** A final transcript from a `message` event, or null for anything else. */
export function finalTranscript(message: unknown): { role: "user" | "assistant"; text: string } | null {
  if (!isRecord(message)) return null;
  const isTranscript = message.type === "transcript" || message.type === "transcript[transcriptType='final']";
  if (!isTranscript || message.transcriptType !== "final") return null;
  const { role, transcript } = message;
  if ((role !== "user" && role !== "assistant") || typeof transcript !== "string" || transcript.trim() === "")
    return null;
  return { role, text: transcript.trim() };
}

/** The site page a tool answered from (the server's search tool sends it as the result's metadata), or null. */
export function toolSource(message: unknown): { title: string; href: string } | null {
  if (!isRecord(message) || message.type !== "tool-calls-result" || !isRecord(message.toolCallResult)) return null;
  const { metadata } = message.toolCallResult;
  if (!isRecord(metadata)) return null;
  const { title, href } = metadata;
  if (typeof title !== "string" || typeof href !== "string") return null;
  // Only the site's own pages, and a title that stays one link's text.
  const label = title
    .replace(/[[\]()\n\r]/g, " ")
    .trim()
    .slice(0, 80);
  if (!label || !/^\/(?!\/)[^\s()<>"']*$/.test(href) || href.length > 200) return null;
  return { title: label, href };
}

export function createVapiClient(publicKey: string): VoiceClient {
  // avoidEval: Daily loads its bundle with a <script>, so the CSP needs no 'unsafe-eval' (decision 011).
  return wrapVapi(() => new Vapi(publicKey, undefined, { avoidEval: true }));
}

/** Adapts SDK instances (real or fake) to VoiceClient; a stopped start takes its instance along. */
export function wrapVapi(createSdk: () => VapiSdk): VoiceClient {
  const listeners = new Set<(event: VoiceEvent) => void>();
  /** idle: no call (events are strays and dropped); starting: start() or waiting for call-start; live: in a call. */
  let phase: "idle" | "starting" | "live" = "idle";
  /** Bumped by every start and stop, so a start that was overtaken by stop() knows it. */
  let attempt = 0;
  let pendingStart: Promise<unknown> | null = null;
  /** The teardown of the last call; a new start waits for it. */
  let settling: Promise<void> = Promise.resolve();
  let lastStage: VoiceConnectStage | null = null;
  let muted = false;
  let destroyed = false;
  /** The page Emma's search answered from, shown after the turn she speaks it in. */
  let source: { title: string; href: string } | null = null;

  const emit = (event: VoiceEvent) => listeners.forEach((l) => l(event));

  const showSource = () => {
    if (source) emit({ type: "link", text: `[${chatCopy.replies.readMore}: ${source.title}](${source.href})` });
    source = null;
  };

  const progress = (stage: VoiceConnectStage) => {
    if (phase !== "starting" || stage === lastStage) return;
    lastStage = stage;
    emit({ type: "progress", stage });
  };

  const readMuted = () => {
    try {
      return sdk.isMuted();
    } catch {
      return false;
    }
  };

  /** Re-reads the microphone after events where the SDK may have changed it by itself. */
  const syncMuted = () => {
    if (phase !== "live") return;
    const now = readMuted();
    if (now === muted) return;
    muted = now;
    emit({ type: "muted", muted });
  };

  /** Ends the call in our books, once: later SDK events are strays. */
  const finish = () => {
    if (phase === "idle") return;
    showSource();
    phase = "idle";
    attempt++;
    emit({ type: "call-end" });
  };

  const handlers = {
    "call-start-progress": (e: { stage: string; status: string }) => {
      const stage = STAGES[e.stage];
      if (stage && e.status !== "failed") progress(stage);
    },
    // Fires when the platform says it is listening, not when start() resolves.
    "call-start": () => {
      if (phase !== "starting") return;
      phase = "live";
      muted = readMuted();
      emit({ type: "call-start" });
    },
    "call-end": () => finish(),
    "speech-start": () => {
      if (phase === "live") emit({ type: "speech-start" });
    },
    // The SDK's end-of-speech timer outlives stop() by up to a second: dropped unless live.
    "speech-end": () => {
      if (phase === "live") emit({ type: "speech-end" });
    },
    "volume-level": (level: number) => {
      if (phase === "live" && Number.isFinite(level)) emit({ type: "volume", level: Math.min(1, Math.max(0, level)) });
    },
    // Status updates are not needed: call-end says the call is over.
    message: (message: unknown) => {
      if (phase === "idle") return;
      const turn = finalTranscript(message);
      if (turn) emit({ type: "transcript", ...turn });
      if (turn?.role === "assistant") showSource();
      source = toolSource(message) ?? source;
    },
    error: (error: unknown) => {
      if (phase === "idle") return;
      syncMuted();
      // While starting, the result of start() reports the failure.
      if (phase !== "live") return console.warn("[voice] while starting:", error);
      const type = isRecord(error) ? error.type : undefined;
      if (typeof type === "string" && SURVIVED_ERRORS.has(type)) {
        console.warn("[voice] the call goes on after", type);
        return;
      }
      console.error("[voice] call error", error);
      emit({ type: "error", kind: "call-error" });
    },
    // The SDK re-enables the microphone after a noise-cancellation failure; this is where it shows.
    "daily-participant-updated": (participant: { local?: boolean } | null | undefined) => {
      if (participant?.local) syncMuted();
    },
  } as const;

  type Handlers = typeof handlers;
  const events = Object.keys(handlers) as (keyof Handlers)[];
  const errorSink = () => {};

  function attach(instance: VapiSdk): VapiSdk {
    // Without an error listener before start(), a failed start throws and leaves the SDK "started".
    instance.on("error", errorSink);
    for (const event of events) (instance.on as (e: string, h: unknown) => void)(event, handlers[event]);
    return instance;
  }

  /** Our handlers go; errorSink stays, so a late teardown error does not throw. */
  function detach(instance: VapiSdk): void {
    for (const event of events) (instance.removeListener as (e: string, h: unknown) => void)(event, handlers[event]);
  }

  /** The instance the next start() uses; its handlers are the only ones attached. */
  let sdk = attach(createSdk());

  const stopQuietly = async (instance: VapiSdk) => {
    try {
      await instance.stop();
    } catch (error) {
      console.warn("[voice] stop failed", error);
    }
  };

  const client: VoiceClient = {
    async start(assistantId) {
      if (destroyed || phase !== "idle") return FAILED;
      const mine = ++attempt;
      await settling;
      if (mine !== attempt) return FAILED; // stopped while the last call was torn down
      phase = "starting";
      lastStage = null;
      source = null;
      const started = (async () => {
        try {
          // Resolves null on failure but rejects for a missing assistant: both fail the start.
          return await sdk.start(assistantId);
        } catch (error) {
          console.error("[voice] start failed", error);
          return null;
        }
      })();
      pendingStart = started;
      const call = await started;
      if (pendingStart === started) pendingStart = null;
      if (mine !== attempt) return FAILED; // stop() or call-end came first and cleaned up
      if (!call) {
        phase = "idle";
        return FAILED;
      }
      if (phase === "starting") progress("waiting");
      return OK;
    },

    async stop() {
      const pending = pendingStart;
      pendingStart = null;
      attempt++;
      finish();
      const instance = sdk;
      if (pending) {
        // start() cannot be cancelled: the instance goes with it and a late join ends here (decision 011).
        detach(instance);
        if (!destroyed) sdk = attach(createSdk());
        void pending.then((call) => (call ? stopQuietly(instance) : undefined));
      }
      // stop() ends what exists now (a call object being joined is destroyed); the next start waits for that.
      settling = stopQuietly(instance);
      await settling;
    },

    setMuted(next) {
      // The SDK throws when there is no call.
      if (phase !== "live") return muted;
      try {
        sdk.setMuted(next);
      } catch (error) {
        console.warn("[voice] could not change the microphone", error);
      }
      muted = readMuted();
      return muted;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    destroy() {
      if (destroyed) return;
      const running = phase !== "idle" || pendingStart !== null;
      destroyed = true;
      if (running) void client.stop();
      listeners.clear();
      detach(sdk);
    },
  };
  return client;
}
