import { envString } from "./env";

const env = import.meta.env;

/**
 * Built-in defaults for the voice widget (Vapi). Both are public by design: the web SDK sends the
 * public key as a bearer token from the browser. Empty by default, so a fresh checkout asks the
 * visitor for them in the setup dialog; a visitor's own saved values take precedence.
 */
export const voiceDefaults = {
  publicKey: envString(env.VITE_VAPI_PUBLIC_KEY, ""),
  assistantId: envString(env.VITE_VAPI_ASSISTANT_ID, ""),
} as const;
