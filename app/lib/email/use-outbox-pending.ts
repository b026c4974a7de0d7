import { useSyncExternalStore } from "react";
import type { MessageKind } from "~/config/email";
import { siteOutbox } from "./site-outbox";

const subscribe = (onChange: () => void) => siteOutbox.subscribe(onChange);

/** How many messages of a kind wait in the outbox (0 in prerendered HTML). */
export function useOutboxPending(kind: MessageKind): number {
  return useSyncExternalStore(
    subscribe,
    () => siteOutbox.pending().filter((e) => e.kind === kind).length,
    () => 0,
  );
}
