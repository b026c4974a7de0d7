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
    const active = document.activeElement;
    if (wasBusy.current && !busy && (!active || active === document.body)) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return ref;
}
