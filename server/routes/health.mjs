// What a load balancer or monitor asks: is the process alive, and should it be sent requests.
// Unauthenticated and cheap, so they say nothing else and no limit counts them.

/** How long /readyz waits for the store before it answers "not ready". */
export const READY_TIMEOUT_MS = 2000;

const noStore = { "Cache-Control": "no-store" };

/**
 * `GET /healthz`: 200 while the process serves. `GET /readyz`: 200 when the store answers and the
 * team's calendar (if one is configured) has answered, each within READY_TIMEOUT_MS, the
 * notification worker is not stuck and the server is not stopping; else 503.
 * @param {import("hono").Hono} app
 * @param {{ store: { ping(): Promise<unknown> }, notifications?: { stuck(): boolean } | null,
 *   calendar?: { ready(): Promise<boolean> }, stopping?: () => boolean, timeoutMs?: number }} options
 */
export function mountHealth(
  app,
  { store, notifications, calendar, stopping = () => false, timeoutMs = READY_TIMEOUT_MS },
) {
  /** `check`, false if it fails or takes over timeoutMs; monitors asking at once share one. */
  function shared(/** @type {() => Promise<boolean>} */ check) {
    /** @type {Promise<boolean> | null} */
    let asking = null;
    return () =>
      (asking ??= (async () => {
        let timer;
        const late = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
        try {
          return await Promise.race([check().catch(() => false), late]);
        } finally {
          clearTimeout(timer);
          asking = null;
        }
      })());
  }
  const storeAnswers = shared(() => store.ping().then(() => true));
  const calendarAnswers = shared(async () => (calendar ? calendar.ready() : true));

  app.get("/healthz", (c) => c.text("ok", 200, noStore));
  app.get("/readyz", async (c) => {
    const ready =
      !stopping() && !notifications?.stuck() && (await Promise.all([storeAnswers(), calendarAnswers()])).every(Boolean);
    return c.text(ready ? "ready" : "not ready", ready ? 200 : 503, noStore);
  });
}
