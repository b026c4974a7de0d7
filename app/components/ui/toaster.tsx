import { Toaster as SonnerToaster } from "sonner";

/** The site's toast region (sonner), with Swedish labels for assistive technology. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Aviseringar"
      toastOptions={{ closeButtonAriaLabel: "Stäng avisering", duration: 6000 }}
    />
  );
}
