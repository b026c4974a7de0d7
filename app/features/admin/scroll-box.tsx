import type { ReactNode } from "react";

/** A table that may scroll sideways on a phone: a named region the keyboard can scroll. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus to scroll by keyboard
    <div className="adm-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
