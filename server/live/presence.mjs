// Who has the team's page open, on every instance (decision 072): each instance says whom it serves when that
// changes and every `beatMs`; an instance not heard from in three beats is taken to be gone.
import { randomBytes } from "node:crypto";

export const BEAT_MS = 15_000;

/** @param {{ announce: (message: object) => Promise<unknown>, now: () => Date, beatMs?: number,
 *   onChange: (online: string[]) => void, log: (line: string) => void }} options */
export function createPresence({ announce, now, beatMs = BEAT_MS, onChange, log }) {
  const instance = randomBytes(6).toString("hex");
  const local = new Map();
  const remote = new Map();
  let shown = "[]";
  let timer;

  const online = () => {
    const at = now().getTime();
    const ids = new Set(local.keys());
    for (const [key, entry] of remote) {
      if (entry.until < at) remote.delete(key);
      else for (const id of entry.accounts) ids.add(id);
    }
    return [...ids].sort();
  };
  const recompute = () => {
    const list = online();
    if (JSON.stringify(list) === shown) return;
    shown = JSON.stringify(list);
    onChange(list);
  };
  const beat = () =>
    announce({ kind: "presence.beat", data: { instance, accounts: [...local.keys()] } }).catch((error) =>
      log(`live: could not tell the others who is online (${error?.message ?? error})`),
    );

  return {
    online,
    start() {
      timer ??= setInterval(() => {
        if (local.size > 0) void beat();
        recompute();
      }, beatMs);
      timer.unref();
    },
    /** On each connect: the others say whom they serve now, not at their next beat. */
    ask: () => void announce({ kind: "presence.ask", data: { instance } }).catch(() => {}),
    /** One more page of `accountId` open here; returns its leave. @param {string} accountId */
    join(accountId) {
      local.set(accountId, (local.get(accountId) ?? 0) + 1);
      if (local.get(accountId) === 1) {
        void beat();
        recompute();
      }
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const count = (local.get(accountId) ?? 1) - 1;
        if (count > 0) return void local.set(accountId, count);
        local.delete(accountId);
        void beat();
        recompute();
      };
    },
    /** A message of another instance's presence. @param {{ kind: string, data: any }} message */
    heard({ kind, data }) {
      if (data?.instance === instance || typeof data?.instance !== "string") return;
      if (kind === "presence.ask") {
        if (local.size > 0) void beat();
        return;
      }
      const accounts = Array.isArray(data.accounts) ? data.accounts.filter((a) => typeof a === "string") : [];
      if (accounts.length === 0) remote.delete(data.instance);
      else remote.set(data.instance, { accounts, until: now().getTime() + 3 * beatMs });
      recompute();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      if (local.size === 0) return;
      local.clear();
      await beat();
    },
  };
}
