import type { LoadVoiceClient } from "./voice-client";

/**
 * The real loader. The adapter and the Vapi SDK behind it (~83 KB gzip) arrive in their own chunk
 * on the first voice click, never with the page (docs/decisions/001-lazy-voice-sdk.md).
 */
export const loadVapiClient: LoadVoiceClient = (publicKey) =>
  import("./vapi-client").then((m) => m.createVapiClient(publicKey));

/** Warms the chunk on hover or focus of the button, without creating anything. */
export function prefetchVapiClient(): void {
  import("./vapi-client").catch(() => {
    // A failed prefetch is retried by the real load on click, which reports it.
  });
}
