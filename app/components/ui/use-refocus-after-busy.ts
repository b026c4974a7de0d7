import { useLayoutEffect, useRef } from "react";

/**
 * A submit button is disabled while its form is being sent, and a disabled button drops the focus
 * to <body>: a keyboard visitor would start again from the top of the page. Give the returned ref
 * to that button; when `busy` ends with the focus still on <body>, the focus goes back to it. A
 * focus the visitor moved elsewhere meanwhile stays where it is. A layout effect, so the focus is
 * back before the next frame (Preact runs plain effects after it).
 */
export function useRefocusAfterBusy<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const wasBusy = useRef(false);
  useLayoutEffect(() => {
    if (wasBusy.current && !busy && focusWasDropped()) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return ref;
}

/**
 * Whether the focus has fallen back to <body>: its element was disabled, hidden or removed. Code
 * that moves the focus on such a change does so only then, never away from where the visitor put it.
 */
export function focusWasDropped(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}
