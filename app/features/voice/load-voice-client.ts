import { VoiceDownloadError, type LoadVoiceClient } from "./voice-client";

/**
 * The real loader. The adapter and the Vapi SDK behind it (~83 KB gzip) arrive in their own chunk
 * on the first voice click, never with the page (docs/decisions/011-lazy-voice-sdk.md).
 *
 * A failed download is retried by the next click with the same plain import(), no cache-busting
 * query. Decided after checking: Chromium 156 does not keep a failed module fetch in its module
 * map (the HTML change 'Don't cache HTTP errors in the module map', whatwg/html#10327), so the
 * next import() fetches the chunk again, after a 404 as after a network error
 * (tests/e2e/faults-voice.emailjs.spec.ts checks the 404). A query would buy little elsewhere: the
 * chunk's own imports would still be plain URLs, and a second URL for the same code risks two
 * copies of the SDK in one page. In a browser that still caches the failure, a reload recovers.
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
