import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInTurns } from "~/components/ui/hydrate-in-turn";

/**
 * React Router's HydratedRouter suspends (throws a promise) until it has decoded the state that
 * the prerendered page carries. React waits for it at the root. Preact (docs/decisions/006) has
 * no root to wait at: a throw out of hydration leaves its hydration bookkeeping half set (every
 * useSyncExternalStore then keeps returning its server snapshot), and a Suspense boundary around
 * a whole document makes it build a second <html>. So the router is first rendered into a
 * detached element, only to start the decoding and learn when it is done; the page is hydrated
 * after that, once, without suspending.
 */
function decodedState(): Promise<unknown> {
  const probe = createRoot(document.createElement("div"));
  try {
    probe.render(<HydratedRouter />);
    // Decoding is asynchronous in React Router 7.18, so this is not reached; should it ever be,
    // the detached copy goes at once, before any of its effects has run.
    probe.unmount();
    return Promise.resolve();
  } catch (thrown) {
    if (isThenable(thrown)) return Promise.resolve(thrown);
    throw thrown;
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

void decodedState().then(() =>
  hydrateInTurns(() =>
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    ),
  ),
);
