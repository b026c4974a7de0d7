import { useId, useLayoutEffect, useRef, type ReactNode } from "react";

interface VoiceDialogProps {
  title: string;
  /** Called when the visitor dismisses the dialog (Escape). */
  onClose: () => void;
  children: ReactNode;
}

// A native modal <dialog>; a `data-autofocus` child takes the focus, which returns on unmount.
export function VoiceDialog({ title, onClose, children }: VoiceDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect: the dialog is modal and focused as it appears, not a frame later (Preact
  // runs plain effects after the next frame), so no keystroke lands on the page behind it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink-900 shadow-xl backdrop:bg-ink-950/50"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
