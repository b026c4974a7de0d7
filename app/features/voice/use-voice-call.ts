import { useCallback, useEffect, useRef, useState } from "react";
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

/** What the hook needs from outside; tests pass fakes. */
export interface VoiceServices {
  loadClient: LoadVoiceClient;
  requestMicrophone: RequestMicrophone;
}

interface Options {
  services: VoiceServices;
  settings: VoiceSettings;
  onNotice: (notice: VoiceNotice) => void;
}

interface LoadedClient {
  publicKey: string;
  client: VoiceClient;
  unsubscribe: () => void;
}

/**
 * Runs the voice call: loads the client on the first start, asks for the microphone meanwhile,
 * feeds client events through the reducer, reports each step's notice, and writes the final
 * transcripts into Emma's conversation. Ends the call and removes every listener on unmount.
 */
export function useVoiceCall({ services, settings, onNotice }: Options) {
  const [state, setState] = useState<VoiceState>(initialVoiceState);
  const stateRef = useRef(state);
  const loaded = useRef<LoadedClient | null>(null);
  /** Bumped by every start, stop and unmount: an async step that sees another value is stale. */
  const session = useRef(0);
  const unmounted = useRef(false);
  const latest = useRef({ services, settings, onNotice });
  useEffect(() => {
    latest.current = { services, settings, onNotice };
  });

  const dispatch = useCallback((action: VoiceAction) => {
    const prev = stateRef.current;
    const next = voiceReducer(prev, action);
    stateRef.current = next;
    if (next !== prev) setState(next);
    const notice = voiceNotice(prev, action);
    if (notice) latest.current.onNotice(notice);
  }, []);

  const onClientEvent = useCallback(
    (event: VoiceEvent) => {
      switch (event.type) {
        case "transcript":
          conversation.append({ type: event.role === "user" ? "user" : "bot", text: event.text, via: "voice" });
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
    },
    [dispatch],
  );

  const dropClient = useCallback(() => {
    const current = loaded.current;
    loaded.current = null;
    current?.unsubscribe();
    current?.client.destroy();
  }, []);

  /** The client for this key, loading it (and dropping one for an older key) when needed. */
  const clientFor = useCallback(
    async (publicKey: string): Promise<VoiceClient | null> => {
      if (loaded.current?.publicKey === publicKey) return loaded.current.client;
      const client = await latest.current.services.loadClient(publicKey);
      if (unmounted.current) {
        client.destroy();
        return null;
      }
      // A start cancelled while loading may be overtaken by the next one: keep the first client.
      if (loaded.current?.publicKey === publicKey) {
        client.destroy();
        return loaded.current.client;
      }
      dropClient();
      loaded.current = { publicKey, client, unsubscribe: client.subscribe(onClientEvent) };
      return client;
    },
    [dropClient, onClientEvent],
  );

  const start = useCallback(async () => {
    if (stateRef.current.phase !== "idle") return;
    const { publicKey, assistantId } = latest.current.settings;
    if (!publicKey || !assistantId) return dispatch({ type: "start-failed", error: "not-configured" });

    const mine = ++session.current;
    const current = () => mine === session.current && stateRef.current.phase === "connecting";
    dispatch({ type: "start" });

    // The permission prompt and the SDK download run side by side; the pill says which one waits.
    let micDone = false;
    let clientDone = false;
    const microphone = latest.current.services.requestMicrophone().finally(() => {
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
  }, [clientFor, dispatch]);

  const stop = useCallback(async () => {
    if (stateRef.current.phase === "idle") return;
    session.current++;
    dispatch({ type: "stop" });
    await loaded.current?.client.stop();
  }, [dispatch]);

  const toggleMute = useCallback(() => {
    const { phase, muted } = stateRef.current;
    const client = loaded.current?.client;
    if (phase !== "in-call" || !client) return;
    dispatch({ type: "muted", muted: client.setMuted(!muted) });
  }, [dispatch]);

  // Never stuck in 'connecting': give up after a while, and tear down what may still be joining.
  useEffect(() => {
    if (state.phase !== "connecting") return;
    const timer = setTimeout(() => {
      session.current++;
      dispatch({ type: "start-failed", error: "start-failed" });
      void loaded.current?.client.stop();
    }, CONNECT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state.phase, dispatch]);

  // Leaving the page ends the call: nothing would be left on screen to end it with.
  useEffect(() => {
    unmounted.current = false;
    return () => {
      // Pending steps of a start see that they are stale (the phase is no longer 'connecting').
      unmounted.current = true;
      stateRef.current = initialVoiceState;
      dropClient();
    };
  }, [dropClient]);

  return { state, start, stop, toggleMute };
}
