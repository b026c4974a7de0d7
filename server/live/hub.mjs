// The live events of one instance (decision 072): what the store writes is kept with an id and reaches every
// instance (LISTEN/NOTIFY, or in process on SQLite); each instance hands it to its own subscribers once, in order.
import { safeForLog } from "../lib/log-safe.mjs";
import { logLine } from "../lib/logger.mjs";
import { systemClock } from "../lib/clock.mjs";
import { inProcessTransport } from "./in-process.mjs";
import { createPresence } from "./presence.mjs";

/** @typedef {{ id?: number, kind: string, data: any }} LiveEvent */

/** @param {{ store: any, now?: () => Date, log?: (line: string) => void, beatMs?: number, transport?: any }} options */
export function createLive({ store, now = store.now ?? systemClock, log = logLine, beatMs, transport }) {
  const wire = transport ?? store.liveTransport?.() ?? inProcessTransport();
  const subscribers = new Set();
  const enders = new Set();
  let lastId = null;
  let started = null;
  let closed = false;
  let queue = Promise.resolve();
  const failed = (what) => (error) => log(`live: ${what}: ${safeForLog(error?.message ?? error, 160)}`);
  /** One thing at a time, so the catch-up and the events heard meanwhile keep the log's order. */
  const serial = (/** @type {() => Promise<void> | void} */ work) =>
    (queue = queue.then(work).catch(failed("could not hand on the events")));

  const deliver = (/** @type {LiveEvent} */ event) => {
    for (const subscriber of subscribers) subscriber(event);
  };
  const presence = createPresence({
    announce: (message) => wire.announce(message),
    now,
    beatMs,
    log,
    onChange: (online) => deliver({ kind: "presence", data: { online } }),
  });

  function onEvent(/** @type {any} */ event) {
    if (typeof event?.kind !== "string") return;
    if (event.kind.startsWith("presence.")) return void presence.heard(event);
    if (event.signal === true) return void deliver({ kind: event.kind, data: event.data ?? {} });
    if (!Number.isSafeInteger(event.id)) return;
    serial(() => {
      if (lastId !== null && event.id <= lastId) return;
      lastId = event.id;
      deliver({ id: event.id, kind: event.kind, data: event.data });
    });
  }

  /** On each (re)connect: what was kept while nobody listened. */
  function onConnected() {
    presence.ask();
    serial(async () => {
      if (lastId === null) {
        lastId = await store.lastEventId();
        return;
      }
      const { events, stale } = await store.eventsAfter(lastId);
      if (stale) {
        lastId = await store.lastEventId();
        return deliver({ id: /** @type {number} */ (lastId), kind: "reset", data: {} });
      }
      for (const event of events) {
        lastId = event.id;
        deliver(event);
      }
    });
  }

  function start() {
    started ??= (async () => {
      lastId = await store.lastEventId().catch(() => null);
      if (closed) return;
      wire.start({ onEvent, onConnected });
      presence.start();
    })();
    return started;
  }

  /** Kept, then told to every instance. @param {string} kind @param {object} [data] */
  async function publish(kind, data = {}) {
    const event = await store.appendEvent(kind, data);
    wire.published(event);
    return event;
  }
  /** Told to every instance's subscribers, not kept and without an id (typing). @param {string} kind @param {object} [data] */
  async function signal(kind, data = {}) {
    void start();
    await wire.announce({ kind, data, signal: true });
  }
  const stopWatching = store.onChange?.((kind, data) => void publish(kind, data).catch(failed(`${kind} not told`)));

  return {
    publish,
    signal,
    /** Starts listening on first use; `onEnd` runs when the instance stops.
     * @param {(event: LiveEvent) => void} subscriber @param {() => void} [onEnd] */
    subscribe(subscriber, onEnd) {
      void start();
      subscribers.add(subscriber);
      if (onEnd) enders.add(onEnd);
      return () => {
        subscribers.delete(subscriber);
        if (onEnd) enders.delete(onEnd);
      };
    },
    /** Resolves once the instance listens (tests, the bench). */
    ready: () => start(),
    eventsAfter: (/** @type {number} */ id) => store.eventsAfter(id),
    lastEventId: () => store.lastEventId(),
    online: () => presence.online(),
    join: (/** @type {string} */ accountId) => presence.join(accountId),
    transportName: wire.name,
    async close() {
      if (closed) return;
      closed = true;
      stopWatching?.();
      for (const end of [...enders]) end();
      subscribers.clear();
      await presence.stop().catch(() => {});
      await wire.stop();
    },
  };
}
