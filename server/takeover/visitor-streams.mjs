// A visitor's stream of their own conversation (decision 074): the hub's conversation.* events of that id only, each
// line loaded from the store by seq (so a resume after a reconnect, here or on another instance, misses nothing).
import { eventIdOf, frame } from "../live/streams.mjs";
import { createSsePool } from "../live/sse-pool.mjs";

export const VISITOR_STREAM_LIMITS = { maxConnections: 2000, perConversation: 3 };
const RETRY_MS = 2000;

/** @param {{ live: ReturnType<typeof import("../live/hub.mjs").createLive>,
 *   conversations: ReturnType<typeof import("../adapters/store/conversations.mjs").createConversations>,
 *   maxConnections?: number, perConversation?: number, heartbeatMs?: number, maxStreamMs?: number, elapsed?: () => number }} options */
export function createVisitorStreams({
  live,
  conversations,
  maxConnections = VISITOR_STREAM_LIMITS.maxConnections,
  perConversation = VISITOR_STREAM_LIMITS.perConversation,
  ...timing
}) {
  const pool = createSsePool({ maxConnections, maxPerKey: perConversation, ...timing });

  /** @param {import("hono").Context} c @param {string} id the conversation, its token already checked */
  function respond(c, id) {
    let lastSeq = eventIdOf(c.req.header("last-event-id") ?? c.req.query("after")) ?? 0;
    return pool.respond(c, id, (stream) => {
      let started = false;
      let queue = Promise.resolve();
      const serial = (/** @type {() => Promise<void>} */ work) =>
        (queue = queue.then(() => (stream.ended ? undefined : work())).catch(() => stream.end()));

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

      stream.onEnd(live.subscribe(onEvent, stream.end));
      stream.write(`retry: ${RETRY_MS}\n\n`);
      serial(async () => {
        await live.ready();
        started = true;
        await sendState();
        await sendLines();
      });
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
