import { useLayoutEffect } from "react";
import { Button } from "~/components/ui/button";
import { useRefocusAfterBusy } from "~/components/ui/use-refocus-after-busy";
import { bookingCopy } from "~/content/booking";

const copy = bookingCopy.chat;

/** The booking in one line, with "Boka" (focused as it appears) and "Ändra" (back to the form). */
export function BookingSummary({
  label,
  name,
  email,
  busy,
  onBook,
  onChange,
}: {
  label: string;
  name: string;
  email: string;
  busy: boolean;
  onBook: () => void;
  onChange: () => void;
}) {
  // Disabled while booking, so the focus comes back to it if the booking fails.
  const book = useRefocusAfterBusy<HTMLButtonElement>(busy);
  useLayoutEffect(() => {
    book.current?.focus();
  }, [book]);
  return (
    <section aria-label={copy.summaryLabel} className="rounded-xl border border-brand-200 bg-brand-50 p-3">
      <p className="text-sm text-ink-900">{copy.summary(label, name, email)}</p>
      <div className="mt-2 flex gap-2">
        <Button
          ref={book}
          size="touch"
          className="flex-1"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onBook}
        >
          {busy ? copy.booking : copy.book}
        </Button>
        <Button size="touch" variant="ghost" disabled={busy} onClick={onChange}>
          {copy.change}
        </Button>
      </div>
    </section>
  );
}
