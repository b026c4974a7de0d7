import { envString } from "./env";

const env = import.meta.env;

// Built-in Vapi defaults, public by design; empty by default, and a visitor's saved values win.
export const voiceDefaults = {
  publicKey: envString(env.VITE_VAPI_PUBLIC_KEY, ""),
  assistantId: envString(env.VITE_VAPI_ASSISTANT_ID, ""),
} as const;
