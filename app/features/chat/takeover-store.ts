import { readJson, removeItem, writeJson } from "~/lib/safe-storage";
import { isLive, isSharedTakeover, isTakeover, joinedFrom, type SharedTakeover, type Takeover } from "./takeover";

// The visitor's takeover (issue 53): this tab's copy in sessionStorage (a reload resumes after its
// last seq), and what another tab needs to join it in localStorage.
export const TAKEOVER_KEY = "emma.takeover.v1";
export const SHARED_TAKEOVER_KEY = "emma.takeover.shared.v1";

type Listener = () => void;
let current: Takeover | null | undefined;
const listeners = new Set<Listener>();

function load(): Takeover | null {
  const own = readJson<Takeover | null>("session", TAKEOVER_KEY, isTakeover, null);
  if (own) return own;
  const shared = readJson<SharedTakeover | null>("local", SHARED_TAKEOVER_KEY, isSharedTakeover, null);
  return shared && isLive(shared) ? joinedFrom(shared) : null;
}

export const takeoverStore = {
  get(): Takeover | null {
    if (current === undefined) current = load();
    return current;
  },
  set(next: Takeover | null): void {
    current = next;
    if (next) writeJson("session", TAKEOVER_KEY, next);
    else removeItem("session", TAKEOVER_KEY);
    if (next && isLive(next)) {
      const { id, token, state, holder, offeredTo, waitUntil } = next;
      writeJson("local", SHARED_TAKEOVER_KEY, { id, token, state, holder, offeredTo, waitUntil });
    } else removeItem("local", SHARED_TAKEOVER_KEY);
    listeners.forEach((l) => l());
  },
  update(change: (t: Takeover) => Takeover): void {
    const t = takeoverStore.get();
    if (t) takeoverStore.set(change(t));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getServerSnapshot: (): Takeover | null => null,
  /** For tests: read storage again. */
  resetForTests(): void {
    current = undefined;
    listeners.clear();
  },
};
