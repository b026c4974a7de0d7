// The server-sent-event connections one kind of stream keeps (decisions 072, 074): capped in all and per key,
// a heartbeat, a longest life, a slow reader dropped, and every one ended when the instance stops.

export const HEARTBEAT_MS = 15_000;
/** A stream is ended after this long and the browser reconnects at once: its access is checked again. */
export const MAX_STREAM_MS = 10 * 60_000;
/** Frames a slow reader may leave unread before its stream is ended (memory stays bounded). */
const MAX_UNREAD = 256;

/** @typedef {{ openedAt: number, readonly ended: boolean, write(text: string): void, end(): void, onEnd(fn: () => void): void }} SseStream */

/** @param {{ maxConnections: number, maxPerKey: number, heartbeatMs?: number, maxStreamMs?: number, elapsed?: () => number }} options */
export function createSsePool({
  maxConnections,
  maxPerKey,
  heartbeatMs = HEARTBEAT_MS,
  maxStreamMs = MAX_STREAM_MS,
  elapsed = () => performance.now(),
}) {
  const open = new Set();
  const perKey = new Map();
  const encoder = new TextEncoder();
  let ticker;

  const tick = () => {
    const at = elapsed();
    for (const stream of open) {
      if (at - stream.openedAt > maxStreamMs) stream.end();
      else stream.write(":\n\n");
    }
  };

  /** The stream's Response, `begin` run once it is open; or a refusal (503 for the instance, 429 for the key).
   * @param {import("hono").Context} c @param {string} key @param {(stream: SseStream) => void} begin */
  function respond(c, key, begin) {
    if (open.size >= maxConnections) return c.json({ error: "too-many-streams" }, 503, { "Retry-After": "30" });
    if ((perKey.get(key) ?? 0) >= maxPerKey) return c.json({ error: "too-many-streams" }, 429, { "Retry-After": "30" });
    perKey.set(key, (perKey.get(key) ?? 0) + 1);
    let ended = false;
    let controller;
    const enders = [];

    /** @type {SseStream} */
    const stream = {
      openedAt: elapsed(),
      get ended() {
        return ended;
      },
      write(text) {
        if (ended) return;
        if ((controller.desiredSize ?? 0) < -MAX_UNREAD) return stream.end();
        controller.enqueue(encoder.encode(text));
      },
      end() {
        if (ended) return;
        ended = true;
        for (const fn of enders) fn();
        open.delete(stream);
        const left = (perKey.get(key) ?? 1) - 1;
        if (left > 0) perKey.set(key, left);
        else perKey.delete(key);
        if (open.size === 0) {
          clearInterval(ticker);
          ticker = undefined;
        }
        try {
          controller.close();
        } catch {
          // Already closed by the reader's going away.
        }
      },
      onEnd: (fn) => void enders.push(fn),
    };

    const body = new ReadableStream(
      {
        start(given) {
          controller = given;
          open.add(stream);
          ticker ??= setInterval(tick, heartbeatMs);
          ticker.unref();
          begin(stream);
        },
        cancel: () => stream.end(),
      },
      { highWaterMark: 16 },
    );
    return c.body(body, 200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    });
  }

  return {
    respond,
    get size() {
      return open.size;
    },
    /** Ends every stream (a stop): the browsers reconnect to another instance. */
    endAll() {
      for (const stream of [...open]) stream.end();
    },
  };
}
