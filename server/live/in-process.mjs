// One instance on the embedded store (SQLite) tells itself: an emitter carries what NOTIFY carries across instances.
import { EventEmitter } from "node:events";

export function inProcessTransport() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    name: "in-process",
    start(handlers) {
      emitter.on("event", handlers.onEvent);
      queueMicrotask(handlers.onConnected);
    },
    published: (event) => void emitter.emit("event", event),
    announce: async (message) => void emitter.emit("event", message),
    async stop() {
      emitter.removeAllListeners();
    },
  };
}
