// A visitor's stream of their own conversation (decision 074): the hub's conversation.* events of that id only, each
// line loaded from the store by seq (so a resume after a reconnect, here or on another instance, misses nothing).
import { eventIdOf, frame, HEARTBEAT_MS, MAX_STREAM_MS } from "../live/streams.mjs";

export const VISITOR_STREAM_LIMITS = { maxConnections: 2000, perConversation: 3 };
const MAX_UNREAD = 256;
const RETRY_MS = 2000;

/** @param {{ live: ReturnType<typeof import("../live/hub.mjs").createLive>,
 *   conversations: ReturnType<typeof import("../adapters/store/conversations.mjs").createConversations>,
 *   maxConnections?: number, perConversation?: number, heartbeatMs?: number, maxStreamMs?: number, elapsed?: () => number }} options */
export function createVisitorStreams({
  live,
  conversations,
  maxConnections = VISITOR_STREAM_LIMITS.maxConnections,
  perConversation = VISITOR_STREAM_LIMITS.perConversation,
  heartbeatMs = HEARTBEAT_MS,
  maxStreamMs = MAX_STREAM_MS,
  elapsed = () => performance.now(),
}) {
  const open = new Set();
  const byConversation = new Map();
  const encoder = new TextEncoder();
  let ticker;

  const tick = () => {
    const at = elapsed();
    for (const stream of open) {
      if (at - stream.openedAt > maxStreamMs) stream.end();
      else stream.write(":\n\n");
    }
  };

  /** @param {import("hono").Context} c @param {string} id the conversation, its token already checked */
  function respond(c, id) {
    if (open.size >= maxConnections) return c.json({ error: "too-many-streams" }, 503, { "Retry-After": "30" });
    if ((byConversation.get(id) ?? 0) >= perConversation)
      return c.json({ error: "too-many-streams" }, 429, { "Retry-After": "30" });
    byConversation.set(id, (byConversation.get(id) ?? 0) + 1);
    let lastSeq = eventIdOf(c.req.header("last-event-id") ?? c.req.query("after")) ?? 0;
    let ended = false;
    let started = false;
    let controller;
    let unsubscribe = () => {};
    let queue = Promise.resolve();
    const serial = (/** @type {() => Promise<void>} */ work) =>
      (queue = queue.then(() => (ended ? undefined : work())).catch(() => stream.end()));

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
        open.delete(stream);
        const left = (byConversation.get(id) ?? 1) - 1;
        if (left > 0) byConversation.set(id, left);
        else byConversation.delete(id);
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

    const sendLines = async () => {
      for (const line of await conversations.linesAfter(id, lastSeq)) {
        lastSeq = line.seq;
        stream.write(frame({ id: line.seq, kind: "line", data: line }));
      }
    };
    const sendState = async () => {
      const conversation = await conversations.get(id);
      if (!conversation) return stream.end();
      const holder = conversation.holder ? { name: conversation.holder.name } : null;
      stream.write(frame({ kind: "state", data: { state: conversation.state, holder } }));
    };

    const onEvent = (/** @type {import("../live/hub.mjs").LiveEvent} */ event) => {
      if (event.kind === "reset") return void serial(async () => (await sendState(), await sendLines()));
      if (event.data?.conversation !== id || !started) return;
      if (event.kind === "conversation.line" && event.data.seq > lastSeq) serial(sendLines);
      else if (event.kind === "conversation.changed") serial(sendState);
      else if (event.kind === "conversation.typing" && event.data.who === "agent")
        stream.write(frame({ kind: "typing", data: { who: "agent", name: event.data.name ?? null } }));
    };

    const body = new ReadableStream(
      {
        start(given) {
          controller = given;
          open.add(stream);
          ticker ??= setInterval(tick, heartbeatMs);
          ticker.unref();
          unsubscribe = live.subscribe(onEvent, stream.end);
          stream.write(`retry: ${RETRY_MS}\n\n`);
          serial(async () => {
            await live.ready();
            started = true;
            await sendState();
            await sendLines();
          });
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
    endAll() {
      for (const stream of [...open]) stream.end();
    },
  };
}
