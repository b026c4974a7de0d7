import type { CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";

/**
 * sonner's rich colours, with the text darkened to at least 4.5:1 on each toast's background
 * (WCAG 1.4.3; sonner's own are 3.1–4.4:1). Same hues, lower lightness.
 */
const richColorText = {
  "--success-text": "hsl(140, 100%, 25%)",
  "--info-text": "hsl(210, 92%, 42%)",
  "--warning-text": "hsl(31, 92%, 34%)",
  "--error-text": "hsl(360, 100%, 42%)",
} as CSSProperties;

/** The site's toast region (sonner), with Swedish labels for assistive technology. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Aviseringar"
      style={richColorText}
      toastOptions={{ closeButtonAriaLabel: "Stäng avisering", duration: 6000 }}
    />
  );
}
