import { useLayoutEffect, useRef } from "react";

// A submit button disabled while sending drops the focus to <body>; with this ref it returns when
// `busy` ends, unless the visitor moved it (a layout effect: before the next frame).
export function useRefocusAfterBusy<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const wasBusy = useRef(false);
  useLayoutEffect(() => {
    if (wasBusy.current && !busy && focusWasDropped()) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return ref;
}

/** The focus fell back to <body> (its element was disabled, hidden or removed): only then move it. */
export function focusWasDropped(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}
