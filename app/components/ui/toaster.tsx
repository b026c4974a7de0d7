import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { loadSonner, toastRegion } from "./toast";

/** sonner's region with the site's settings and Swedish labels for assistive technology. */
const SonnerToaster = lazy(() =>
  loadSonner().then(({ Toaster }) => ({
    default: function SiteToaster() {
      return (
        <Toaster
          position="top-center"
          // Below the sticky header (4 rem and its border): a toast never covers the navigation.
          offset={{ top: "5rem" }}
          mobileOffset={{ top: "4.75rem" }}
          // Above the chat panel (z-50), below the header while its menu is open (site-header.tsx).
          style={{ zIndex: 60 }}
          richColors
          closeButton
          containerAriaLabel="Aviseringar"
          toastOptions={{ closeButtonAriaLabel: "Stäng avisering", duration: 6000 }}
        />
      );
    },
  })),
);

/** What counts as the visitor starting to do something: every toast answers one of these. */
const FIRST_INTERACTION = ["pointerdown", "keydown", "focusin"] as const;

/** The toast region: sonner's loads on the first interaction, so it is there by the first toast. */
export function Toaster() {
  const requested = useSyncExternalStore(toastRegion.subscribe, toastRegion.requested, () => false);
  useEffect(() => {
    if (requested) return;
    const warm = () => void loadSonner().catch(() => {});
    const options = { capture: true, passive: true, once: true };
    FIRST_INTERACTION.forEach((type) => document.addEventListener(type, warm, options));
    return () => FIRST_INTERACTION.forEach((type) => document.removeEventListener(type, warm, options));
  }, [requested]);
  return requested ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
