// For load balancers (decision 053): unauthenticated and cheap, so they say nothing else, count in no limit.

export const READY_TIMEOUT_MS = 2000;

const noStore = { "Cache-Control": "no-store" };

/** @param {import("hono").Hono} app @param {{ store: { ping(): Promise<unknown> }, notifications?: { stuck(): boolean } | null,
 *   calendar?: { ready(): Promise<boolean> }, stopping?: () => boolean, timeoutMs?: number }} options */
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
