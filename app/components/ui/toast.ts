import type { ExternalToast } from "sonner";

// Sonner (about 10 KB gzip) loads with the first toast: toasts only answer what the visitor did.
// Calls keep their order; sonner keeps toasts made before its region mounts.
type Sonner = typeof import("sonner");
type Show = (message: string, data?: ExternalToast) => void;

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    // A failed load is tried again with the next toast (a flaky connection must not silence
    // every later message).
    sonner.catch(() => (sonner = null));
    listeners.forEach((l) => l());
  }
  return sonner;
}

/** Whether a toast has been asked for yet, for <Toaster /> (useSyncExternalStore). */
export const toastRegion = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  requested: () => sonner !== null,
};

function later(show: (s: Sonner) => void): void {
  // Nothing else to do when the library cannot load: the forms and widgets show their own state.
  loadSonner().then(show, () => {});
}

const plain: Show = (message, data) => later((s) => s.toast(message, data));

export const toast = Object.assign(plain, {
  success: ((message, data) => later((s) => s.toast.success(message, data))) as Show,
  error: ((message, data) => later((s) => s.toast.error(message, data))) as Show,
  warning: ((message, data) => later((s) => s.toast.warning(message, data))) as Show,
  dismiss: (id?: string | number) => later((s) => s.toast.dismiss(id)),
});

export type { ExternalToast };
