import { useEffect, useState, useSyncExternalStore } from "react";
import { conversation } from "~/lib/conversation-store";
import type { RequestMicrophone } from "./microphone";
import { VoiceDownloadError, type LoadVoiceClient, type VoiceClient, type VoiceEvent } from "./voice-client";
import type { VoiceSettings } from "./voice-settings";
import {
  CONNECT_TIMEOUT_MS,
  initialVoiceState,
  voiceNotice,
  voiceReducer,
  type VoiceAction,
  type VoiceNotice,
  type VoiceState,
} from "./voice-state";

/** What the call needs from outside; tests pass fakes. */
export interface VoiceServices {
  loadClient: LoadVoiceClient;
  requestMicrophone: RequestMicrophone;
}

interface LoadedClient {
  publicKey: string;
  client: VoiceClient;
  unsubscribe: () => void;
}

export type VoiceCall = ReturnType<typeof createVoiceCall>;

// The voice call as an external store over the reducer; transcripts go to Emma's conversation.
export function createVoiceCall(services: VoiceServices, onNotice: (notice: VoiceNotice) => void) {
  let state = initialVoiceState;
  let loaded: LoadedClient | null = null;
  /** Bumped by every start, stop, timeout and close: an async step that sees another value is stale. */
  let session = 0;
  let closed = false;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function dispatch(action: VoiceAction) {
    const prev = state;
    state = voiceReducer(prev, action);
    if (state.phase !== prev.phase) watchConnecting();
    if (state !== prev) listeners.forEach((l) => l());
    const notice = voiceNotice(prev, action);
    if (notice) onNotice(notice);
  }

  // Never stuck in 'connecting': give up after a while, and tear down what may still be joining.
  function watchConnecting() {
    clearTimeout(connectTimer);
    if (state.phase !== "connecting") return;
    connectTimer = setTimeout(() => {
      session++;
      dispatch({ type: "start-failed", error: "start-failed" });
      void loaded?.client.stop();
    }, CONNECT_TIMEOUT_MS);
  }

  function onClientEvent(event: VoiceEvent) {
    switch (event.type) {
      case "transcript":
        conversation.append({ type: event.role === "user" ? "user" : "bot", text: event.text, via: "voice" });
        return;
      case "link":
        conversation.append({ type: "bot", text: event.text });
        return;
      case "volume":
        return dispatch({ type: "volume", level: event.level });
      case "muted":
        return dispatch({ type: "muted", muted: event.muted });
      case "error":
        return dispatch({ type: "error" });
      default:
        return dispatch(event);
    }
  }

  function dropClient() {
    const current = loaded;
    loaded = null;
    current?.unsubscribe();
    current?.client.destroy();
  }

  /** The client for this key, loading it (and dropping one for an older key) when needed. */
  async function clientFor(publicKey: string): Promise<VoiceClient | null> {
    if (loaded?.publicKey === publicKey) return loaded.client;
    const client = await services.loadClient(publicKey);
    if (closed) {
      client.destroy();
      return null;
    }
    // A start cancelled while loading may be overtaken by the next one: keep the first client.
    if (loaded?.publicKey === publicKey) {
      client.destroy();
      return loaded.client;
    }
    dropClient();
    loaded = { publicKey, client, unsubscribe: client.subscribe(onClientEvent) };
    return client;
  }

  async function start({ publicKey, assistantId }: VoiceSettings) {
    if (state.phase !== "idle") return;
    if (!publicKey || !assistantId) return dispatch({ type: "start-failed", error: "not-configured" });

    const mine = ++session;
    const current = () => mine === session && state.phase === "connecting";
    dispatch({ type: "start" });

    // The permission prompt and the SDK download run side by side; the pill says which one waits.
    let micDone = false;
    let clientDone = false;
    const microphone = services.requestMicrophone().finally(() => {
      micDone = true;
      if (!clientDone && current()) dispatch({ type: "progress", stage: "loading" });
    });
    const client = clientFor(publicKey)
      .catch((error: unknown) => {
        console.error("[voice] the voice client could not be loaded", error);
        return error instanceof VoiceDownloadError ? ("download-failed" as const) : undefined;
      })
      .finally(() => {
        clientDone = true;
        if (!micDone && current()) dispatch({ type: "progress", stage: "microphone" });
      });
    const [mic, voiceClient] = await Promise.all([microphone, client]);

    if (!current()) return;
    if (voiceClient === "download-failed") return dispatch({ type: "start-failed", error: "download-failed" });
    if (voiceClient === undefined) return dispatch({ type: "start-failed", error: "load-failed" });
    if (!mic.ok) return dispatch({ type: "start-failed", error: "microphone" });
    if (voiceClient === null) return;
    const result = await voiceClient.start(assistantId);
    if (current() && !result.ok) dispatch({ type: "start-failed", error: result.error });
  }

  async function stop() {
    if (state.phase === "idle") return;
    session++;
    dispatch({ type: "stop" });
    await loaded?.client.stop();
  }

  function toggleMute() {
    const client = loaded?.client;
    if (state.phase !== "in-call" || !client) return;
    dispatch({ type: "muted", muted: client.setMuted(!state.muted) });
  }

  return {
    getSnapshot: (): VoiceState => state,
    getServerSnapshot: (): VoiceState => initialVoiceState,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    stop,
    toggleMute,
    open() {
      closed = false;
    },
    /** Leaving the page ends the call: nothing would be left on screen to end it with. */
    close() {
      closed = true;
      session++;
      clearTimeout(connectTimer);
      state = initialVoiceState;
      dropClient();
    },
  };
}

/** The widget's call: one store per mounted widget, closed on unmount. */
export function useVoiceCall(services: VoiceServices, onNotice: (notice: VoiceNotice) => void) {
  const [call] = useState(() => createVoiceCall(services, onNotice));
  const state = useSyncExternalStore(call.subscribe, call.getSnapshot, call.getServerSnapshot);
  useEffect(() => {
    call.open();
    return call.close;
  }, [call]);
  return { call, state };
}
