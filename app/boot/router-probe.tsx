import { createContext, useContext, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Decodes React Router's state and creates its router ahead of hydration, each in a task, by
// rendering <HydratedRouter> detached with the app left out (decision 008).
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
  // Its layout effects ran: the router listens to history as after the hydration.
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

/** Writes React Router's history index (`idx: 0`, about 2.5 ms) before the router's creation. */
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
