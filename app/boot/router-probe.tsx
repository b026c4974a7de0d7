import { createContext, useContext, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * The page's first hydration, split so that no step is a long task (docs/decisions/006 and 008).
 * React Router's <HydratedRouter> first decodes the state the prerendered page carries
 * (asynchronously: it suspends until then), then creates its router (route matching, ranking,
 * history: about 10 ms on a fast machine), then renders the app. Here the first two steps run
 * ahead of the hydration, each in its own task, by rendering the router into a detached element
 * with the app left out (<RouterProbe>). React Router keeps the router it made in a module
 * variable, so the hydration that follows uses the same one.
 *
 * Preact also needs the first step ahead: React waits for a suspension at its root, but a throw
 * out of Preact's hydration leaves its hydration bookkeeping half set (every useSyncExternalStore
 * then keeps returning its server snapshot), and a Suspense boundary around a whole document
 * makes it build a second <html>.
 */
const Probing = createContext(false);

/** Renders its children, or nothing while React Router is only being prepared. */
export function RouterProbe({ children }: { children: ReactNode }) {
  return useContext(Probing) ? null : children;
}

function probe(): unknown {
  const root = createRoot(document.createElement("div"));
  try {
    root.render(
      <Probing.Provider value={true}>
        <HydratedRouter />
      </Probing.Provider>,
    );
  } catch (thrown) {
    // A render that threw is left as it is: there is nothing of it to unmount.
    return thrown;
  }
  // Unmounted at once, before any of its effects after paint; its layout effects ran, which
  // initialised the router (listening to history) exactly as the hydration would have.
  root.unmount();
  return undefined;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/** Starts decoding the page's state; resolves once it is decoded. */
export function decodeRouterState(): Promise<void> {
  const thrown = probe();
  if (isThenable(thrown)) return Promise.resolve(thrown).then(() => undefined);
  if (thrown !== undefined) throw thrown;
  return Promise.resolve();
}

/**
 * Marks the current history entry the way React Router's browser history does when it finds an
 * entry without its index (`history.replaceState({ ...state, idx: 0 })`, about 2.5 ms), so that
 * this happens in a task before the router's creation instead of inside it. Should React Router
 * ever keep its index under another key, it writes its own as before: nothing breaks, only this
 * step is wasted.
 */
export function markHistoryEntry(): void {
  const state: unknown = window.history.state;
  if (state !== null && typeof state !== "object") return;
  if ((state as { idx?: unknown } | null)?.idx != null) return;
  window.history.replaceState({ ...(state as object | null), idx: 0 }, "");
}

/** Creates React Router's router (the state must be decoded) without rendering the app. */
export function createRouterAhead(): void {
  const thrown = probe();
  if (thrown !== undefined) throw thrown;
}
