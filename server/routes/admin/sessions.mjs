import { randomBytes } from "node:crypto";

/** An operator's session ends after 30 minutes without a request, and 8 hours after login in any case. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** Open sessions kept at most: the oldest is ended when a login would pass it. */
const MAX_SESSIONS = 200;

/**
 * Server-side sessions in this process's memory (decision 023): the cookie holds only a random
 * id, so logging out, an idle timeout or the absolute lifetime end a session for good.
 * @param {{ idleMs?: number, maxMs?: number, now?: () => number }} [options]
 */
export function createSessions({ idleMs = SESSION_IDLE_MS, maxMs = SESSION_MAX_MS, now = Date.now } = {}) {
  /** @type {Map<string, { createdAt: number, seenAt: number }>} */
  const sessions = new Map();

  const expired = (s, t) => t - s.seenAt >= idleMs || t - s.createdAt >= maxMs;

  return {
    /** A new session's id (256 random bits). */
    create() {
      const t = now();
      for (const [id, s] of sessions) if (expired(s, t)) sessions.delete(id);
      while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value);
      const id = randomBytes(32).toString("base64url");
      sessions.set(id, { createdAt: t, seenAt: t });
      return id;
    },
    /** Whether the id names a live session; a live one's idle clock starts again. */
    touch(id) {
      const s = typeof id === "string" ? sessions.get(id) : undefined;
      if (!s) return false;
      const t = now();
      if (expired(s, t)) {
        sessions.delete(id);
        return false;
      }
      s.seenAt = t;
      return true;
    },
    end(id) {
      if (typeof id === "string") sessions.delete(id);
    },
    get size() {
      return sessions.size;
    },
  };
}
