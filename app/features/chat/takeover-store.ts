import { readJson, removeItem, writeJson } from "~/lib/safe-storage";
import { isTakeover, type Takeover } from "./takeover";

// The visitor's takeover in sessionStorage (issue 53): a reload, or a tab opened from this one, resumes it.
export const TAKEOVER_KEY = "emma.takeover.v1";

type Listener = () => void;
let current: Takeover | null | undefined;
const listeners = new Set<Listener>();

export const takeoverStore = {
  get(): Takeover | null {
    if (current === undefined) current = readJson<Takeover | null>("session", TAKEOVER_KEY, isTakeover, null);
    return current;
  },
  set(next: Takeover | null): void {
    current = next;
    if (next) writeJson("session", TAKEOVER_KEY, next);
    else removeItem("session", TAKEOVER_KEY);
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
};
