/**
 * The floating widgets never overlap each other: below 1280 px a row over the page's bottom right,
 * as chat widgets sit (the footer's end leaves room to scroll its last line clear of it, and the
 * scroll padding in app.css keeps a focused control above it); from 1280 px a column in the margin
 * beside the 72rem content.
 */
export const floatingPlacement = {
  chatLauncher: "fixed right-4 bottom-4 z-50",
  voiceButton: "fixed right-22 bottom-4 z-50 xl:right-4 xl:bottom-22",
  voiceStatus: "fixed right-40 bottom-5 z-50 xl:right-22",
  chatPanel: "fixed right-4 bottom-22 z-50 xl:bottom-40",
} as const;

/**
 * Chromium brings a focused text area into view by its caret, not its box, so its scroll margin
 * (app.css) is not honoured: below 1280 px, scroll its box clear of the floating buttons too.
 */
export function revealFocusedTextAreas(): () => void {
  const onFocusIn = (e: FocusEvent) => {
    const el = e.target;
    if (el instanceof HTMLTextAreaElement && getComputedStyle(el).scrollMarginBottom !== "0px")
      el.scrollIntoView({ block: "nearest", behavior: "instant" });
  };
  document.addEventListener("focusin", onFocusIn);
  return () => document.removeEventListener("focusin", onFocusIn);
}
