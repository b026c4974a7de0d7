// The live events as server-sent events (decision 072): resumed from Last-Event-ID or ?after=, a heartbeat,
// connections capped per address and in all, JSON data only, and every stream ended when the instance stops.

export const LIVE_LIMITS = { maxConnections: 1000, maxPerAddress: 20 };
export const LIVE_EVENT_DAYS = 1;
export const HEARTBEAT_MS = 15_000;
/** A stream is ended after this long and the browser reconnects at once: its session is checked again. */
export const MAX_STREAM_MS = 10 * 60_000;
/** Frames a slow reader may leave unread before its stream is ended (memory stays bounded). */
const MAX_UNREAD = 256;
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
  heartbeatMs = HEARTBEAT_MS,
  maxStreamMs = MAX_STREAM_MS,
  elapsed = () => performance.now(),
}) {
  const open = new Set();
  const perAddress = new Map();
  let ticker;
  const encoder = new TextEncoder();

  const tick = () => {
    const at = elapsed();
    for (const stream of open) {
      if (at - stream.openedAt > maxStreamMs) stream.end();
      else stream.write(":\n\n");
    }
  };

  /** The stream's Response, or a refusal (429 for the address, 503 for the instance).
   * @param {import("hono").Context} c @param {{ address: string, accountId?: string }} who */
  function respond(c, { address, accountId }) {
    if (open.size >= maxConnections) return c.json({ error: "too-many-streams" }, 503, { "Retry-After": "30" });
    if ((perAddress.get(address) ?? 0) >= maxPerAddress)
      return c.json({ error: "too-many-streams" }, 429, { "Retry-After": "30" });
    const after = eventIdOf(c.req.header("last-event-id") ?? c.req.query("after"));
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);

    let ended = false;
    let lastSent = after;
    let waiting = [];
    let unsubscribe = () => {};
    let leave = () => {};
    let controller;

    const stream = {
      openedAt: elapsed(),
      write(/** @type {string} */ text) {
        if (ended) return;
        if ((controller.desiredSize ?? 0) < -MAX_UNREAD) return stream.end();
        controller.enqueue(encoder.encode(text));
      },
      end() {
        if (ended) return;
        ended = true;
        unsubscribe();
        leave();
        open.delete(stream);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
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
    };
    const send = (/** @type {import("./hub.mjs").LiveEvent} */ event) => {
      if (event.id !== undefined) {
        if (lastSent !== null && event.id <= lastSent && event.kind !== "reset") return;
        lastSent = event.id;
      }
      stream.write(frame(event));
    };

    async function begin() {
      unsubscribe = live.subscribe((event) => (waiting ? waiting.push(event) : send(event)), stream.end);
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
      if (ended) return;
      const held = waiting ?? [];
      waiting = null;
      for (const event of held) send(event);
      send({ kind: "presence", data: { online: live.online() } });
      if (accountId) leave = live.join(accountId);
    }

    const body = new ReadableStream(
      {
        start(given) {
          controller = given;
          open.add(stream);
          ticker ??= setInterval(tick, heartbeatMs);
          ticker.unref();
          // The log unreadable (the database away): the stream ends and the browser tries again.
          begin().catch(() => stream.end());
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
