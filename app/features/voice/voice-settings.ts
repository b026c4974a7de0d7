import { voiceDefaults } from "~/config/voice";
import { isBearerToken } from "~/lib/bearer-token";
import { readString, removeItem, writeString } from "~/lib/safe-storage";

// The visitor's voice settings (spec §3) over the built-in defaults, and the one-time consent.
export interface VoiceSettings {
  publicKey: string;
  assistantId: string;
}

export interface VoiceSettingsSnapshot extends VoiceSettings {
  /** False only with nothing stored and no built-in defaults: the button then opens the setup. */
  configured: boolean;
  /** True when the visitor has saved values of their own (so there is something to clear). */
  stored: boolean;
}

export const VOICE_PUBLIC_KEY_KEY = "emma.voice.publicKey";
export const VOICE_ASSISTANT_ID_KEY = "emma.voice.assistantId";
export const VOICE_CONSENT_KEY = "emma.voice.consent";

export type VoiceSettingsField = keyof VoiceSettings;
export type VoiceSettingsCheck =
  { ok: true; value: VoiceSettings } | { ok: false; missing: VoiceSettingsField[]; invalidKey: boolean };

// Both required after trimming (spec §5); the public key is a bearer token: visible ASCII only.
export function checkVoiceSettings(input: VoiceSettings): VoiceSettingsCheck {
  const value = { publicKey: input.publicKey.trim(), assistantId: input.assistantId.trim() };
  const missing = (Object.keys(value) as VoiceSettingsField[]).filter((field) => value[field] === "");
  const invalidKey = value.publicKey !== "" && !isBearerToken(value.publicKey);
  return missing.length === 0 && !invalidKey ? { ok: true, value } : { ok: false, missing, invalidKey };
}

/** Stored values win field by field; the defaults fill what is not stored. */
export function resolveVoiceSettings(stored: Partial<VoiceSettings>, defaults: VoiceSettings): VoiceSettingsSnapshot {
  const publicKey = stored.publicKey?.trim() || defaults.publicKey;
  const assistantId = stored.assistantId?.trim() || defaults.assistantId;
  return {
    publicKey,
    assistantId,
    configured: publicKey !== "" || assistantId !== "",
    stored: Boolean(stored.publicKey?.trim() || stored.assistantId?.trim()),
  };
}

const readStored = (): Partial<VoiceSettings> => ({
  publicKey: readString("local", VOICE_PUBLIC_KEY_KEY) ?? undefined,
  assistantId: readString("local", VOICE_ASSISTANT_ID_KEY) ?? undefined,
});

const serverSnapshot = resolveVoiceSettings({}, voiceDefaults);
let snapshot: VoiceSettingsSnapshot | null = null;
/** Also kept in memory, so a visitor whose storage is disabled is asked once per page load. */
let consentGiven = false;
const listeners = new Set<() => void>();

function publish(next: VoiceSettingsSnapshot) {
  snapshot = next;
  listeners.forEach((l) => l());
}

/** A tiny external store, for useSyncExternalStore: prerendered HTML sees only the defaults. */
export const voiceSettings = {
  getSnapshot: (): VoiceSettingsSnapshot => (snapshot ??= resolveVoiceSettings(readStored(), voiceDefaults)),
  getServerSnapshot: (): VoiceSettingsSnapshot => serverSnapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Saves checked values. When storage is unavailable they still hold for this page's life. */
  save(value: VoiceSettings): void {
    writeString("local", VOICE_PUBLIC_KEY_KEY, value.publicKey);
    writeString("local", VOICE_ASSISTANT_ID_KEY, value.assistantId);
    publish(resolveVoiceSettings(value, voiceDefaults));
  },
  clear(): void {
    removeItem("local", VOICE_PUBLIC_KEY_KEY);
    removeItem("local", VOICE_ASSISTANT_ID_KEY);
    publish(resolveVoiceSettings({}, voiceDefaults));
  },
  /** For tests: forget the in-memory copies. */
  resetForTests(): void {
    snapshot = null;
    consentGiven = false;
    listeners.clear();
  },
};

export const hasVoiceConsent = (): boolean => consentGiven || readString("local", VOICE_CONSENT_KEY) !== null;

/** Remembers the consent (the day it was given), so the line is shown once. */
export function giveVoiceConsent(today = new Date()): void {
  consentGiven = true;
  writeString("local", VOICE_CONSENT_KEY, today.toISOString().slice(0, 10));
}
