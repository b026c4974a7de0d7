// The live events as server-sent events (decision 072): resumed from Last-Event-ID or ?after=, a heartbeat,
// connections capped per address and in all, JSON data only, and every stream ended when the instance stops.

import { createSsePool, HEARTBEAT_MS, MAX_STREAM_MS } from "./sse-pool.mjs";

export { HEARTBEAT_MS, MAX_STREAM_MS };
export const LIVE_LIMITS = { maxConnections: 1000, maxPerAddress: 20 };
export const LIVE_EVENT_DAYS = 1;
const RETRY_MS = 2000;

/** JSON with <, > and & escaped: a payload can never be read as markup. @param {unknown} value */
export const safeJson = (value) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** An SSE frame; kept events carry their id, so the browser resumes after the last it saw.
 * @param {{ id?: number, kind: string, data: unknown }} event */
export const frame = ({ id, kind, data }) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${kind}\ndata: ${safeJson(data ?? {})}\n\n`;

/** "42" → 42; anything else (absent, negative, not a whole number) → null. @param {string | undefined | null} value */
export function eventIdOf(value) {
  const text = (value ?? "").trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** @param {{ live: ReturnType<typeof import("./hub.mjs").createLive>, maxConnections?: number, maxPerAddress?: number,
 *   heartbeatMs?: number, maxStreamMs?: number, elapsed?: () => number }} options */
export function createLiveStreams({
  live,
  maxConnections = LIVE_LIMITS.maxConnections,
  maxPerAddress = LIVE_LIMITS.maxPerAddress,
  ...timing
}) {
  const pool = createSsePool({ maxConnections, maxPerKey: maxPerAddress, ...timing });

  /** The stream's Response, or a refusal (429 for the address, 503 for the instance).
   * @param {import("hono").Context} c @param {{ address: string, accountId?: string }} who */
  function respond(c, { address, accountId }) {
    const after = eventIdOf(c.req.header("last-event-id") ?? c.req.query("after"));
    return pool.respond(c, address, (stream) => {
      let lastSent = after;
      let waiting = [];
      let leave = () => {};
      const send = (/** @type {import("./hub.mjs").LiveEvent} */ event) => {
        if (event.id !== undefined) {
          if (lastSent !== null && event.id <= lastSent && event.kind !== "reset") return;
          lastSent = event.id;
        }
        stream.write(frame(event));
      };

      async function begin() {
        const unsubscribe = live.subscribe((event) => (waiting ? waiting.push(event) : send(event)), stream.end);
        stream.onEnd(() => (unsubscribe(), leave()));
        await live.ready();
        stream.write(`retry: ${RETRY_MS}\n\n`);
        if (after === null) {
          send({ id: await live.lastEventId(), kind: "ready", data: {} });
        } else {
          const { events, stale } = await live.eventsAfter(after);
          if (stale) {
            lastSent = null;
            send({ id: await live.lastEventId(), kind: "reset", data: {} });
          } else for (const event of events) send(event);
        }
        if (stream.ended) return;
        const held = waiting ?? [];
        waiting = null;
        for (const event of held) send(event);
        send({ kind: "presence", data: { online: live.online() } });
        if (accountId) leave = live.join(accountId);
      }
      // The log unreadable (the database away): the stream ends and the browser tries again.
      begin().catch(() => stream.end());
    });
  }

  return {
    respond,
    get size() {
      return pool.size;
    },
    endAll: () => pool.endAll(),
  };
}
