import { VoiceDownloadError, type LoadVoiceClient } from "./voice-client";

// Loaded on the first voice click; a failed download is retried by the next one (decision 011).
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
