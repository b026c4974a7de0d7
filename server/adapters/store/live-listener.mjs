// PostgreSQL's side of the live events (decision 072): one connection of its own LISTENs; lost, it is opened
// again with a growing pause, and the hub catches up from the log on each connect.
import { randomBytes } from "node:crypto";
import { postgresClient } from "./engines.mjs";
import { LIVE_CHANNEL } from "./live-events.mjs";
import { reason } from "./connection.mjs";

export const RECONNECT_MS = { first: 100, max: 5000 };
/** A half-open connection hears nothing and says nothing: a `select 1` this often finds it. */
export const CHECK_MS = 30_000;

/** @param {{ databaseUrl: string, notify: (message: object) => Promise<unknown>, log: (line: string) => void,
 *   checkMs?: number }} options */
export function postgresTransport({ databaseUrl, notify, log, checkMs = CHECK_MS }) {
  const name = `live-${randomBytes(6).toString("hex")}`;
  let client = null;
  let stopped = false;
  let pause = RECONNECT_MS.first;
  let timer;
  let handlers;

  async function open() {
    if (stopped) return;
    const next = postgresClient(databaseUrl, name);
    let check;
    let lost = false;
    const onLost = (/** @type {any} */ error) => {
      if (lost) return;
      lost = true;
      clearInterval(check);
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (client === next) client = null;
      if (stopped) return;
      log(`live: the listening connection is lost (${reason(error)}); again in ${pause} ms`);
      timer = setTimeout(open, pause);
      timer.unref();
      pause = Math.min(pause * 2, RECONNECT_MS.max);
    };
    next.on("error", onLost);
    next.on("end", () => onLost(new Error("ended")));
    next.on("notification", (n) => {
      if (n.channel !== LIVE_CHANNEL) return;
      try {
        handlers.onEvent(JSON.parse(n.payload ?? ""));
      } catch {
        // Not ours: every payload on the channel is JSON written by live-events.mjs.
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (stopped) return void next.end().catch(() => {});
    client = next;
    pause = RECONNECT_MS.first;
    check = setInterval(() => next.query("select 1").catch(onLost), checkMs);
    check.unref();
    handlers.onConnected();
  }

  return {
    /** The connection's application_name (tests find its backend by it). */
    name,
    start(given) {
      handlers = given;
      void open();
    },
    published() {},
    announce: (/** @type {object} */ message) => notify(message),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
