import { useSyncExternalStore } from "react";
import type { OutboxKind } from "./outbox";
import { siteOutbox } from "./site-outbox";

const subscribe = (onChange: () => void) => siteOutbox.subscribe(onChange);

/** How many messages of a kind wait in the outbox (0 in prerendered HTML). */
export function useOutboxPending(kind: OutboxKind): number {
  return useSyncExternalStore(
    subscribe,
    () => siteOutbox.pending().filter((e) => e.kind === kind).length,
    () => 0,
  );
}
