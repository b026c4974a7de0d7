import { VoiceDownloadError, type LoadVoiceClient } from "./voice-client";

/**
 * The adapter and the SDK arrive in their own chunk on the first voice click (decision 011); a
 * failed download is retried by the next click's plain import(), without a cache-busting query.
 */
export const loadVapiClient: LoadVoiceClient = (publicKey) =>
  import("./vapi-client").then(
    (m) => m.createVapiClient(publicKey),
    (cause: unknown) => {
      throw new VoiceDownloadError("the voice SDK could not be downloaded", { cause });
    },
  );

/** Warms the chunk when a click opens the consent dialog, without creating anything. */
export function prefetchVapiClient(): void {
  import("./vapi-client").catch(() => {
    // A failed prefetch is retried by the real load on click, which reports it.
  });
}
