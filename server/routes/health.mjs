// What a load balancer or monitor asks: is the process alive, and should it be sent requests.
// Unauthenticated and cheap, so they say nothing else and no limit counts them.

/** How long /readyz waits for the store before it answers "not ready". */
export const READY_TIMEOUT_MS = 2000;

const noStore = { "Cache-Control": "no-store" };

/**
 * `GET /healthz`: 200 while the process serves. `GET /readyz`: 200 when the store answers within
 * READY_TIMEOUT_MS, the notification worker is not stuck and the server is not stopping; else 503.
 * @param {import("hono").Hono} app
 * @param {{ store: { ping(): Promise<unknown> }, notifications?: { stuck(): boolean } | null,
 *   stopping?: () => boolean, timeoutMs?: number }} options
 */
export function mountHealth(app, { store, notifications, stopping = () => false, timeoutMs = READY_TIMEOUT_MS }) {
  /** @type {Promise<boolean> | null} */
  let asking = null;
  // Monitors asking at once share one question to the database.
  const storeAnswers = () =>
    (asking ??= (async () => {
      let timer;
      const late = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
      try {
        return await Promise.race([
          store.ping().then(
            () => true,
            () => false,
          ),
          late,
        ]);
      } finally {
        clearTimeout(timer);
        asking = null;
      }
    })());

  app.get("/healthz", (c) => c.text("ok", 200, noStore));
  app.get("/readyz", async (c) => {
    const ready = !stopping() && !notifications?.stuck() && (await storeAnswers());
    return c.text(ready ? "ready" : "not ready", ready ? 200 : 503, noStore);
  });
}
