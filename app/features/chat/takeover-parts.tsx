import { useEffect, useId, useState, type FormEvent } from "react";
import { takeoverCopy as copy } from "~/content/takeover";
import type { Takeover } from "./takeover";

/** The takeover's state in one polite live region: who is asked, who holds it, who is typing. */
export function TakeoverStatus({ takeover, typing }: { takeover: Takeover | null; typing: string | null }) {
  const text =
    takeover?.state === "waiting"
      ? copy.waiting(takeover.offeredTo)
      : takeover?.state === "held"
        ? typing
          ? copy.typing(typing)
          : copy.holding(takeover.holder ?? copy.agent)
        : "";
  return (
    <p role="status" className="mt-2 text-sm text-ink-600 empty:hidden">
      {text}
    </p>
  );
}

/** "Mejla mig samtalet": the transcript to an address the visitor gives. */
export function TranscriptMail({
  send,
  canMail,
}: {
  send: (email: string) => Promise<boolean>;
  canMail: () => Promise<boolean>;
}) {
  // Offered only where the server can mail (SMTP configured): never a button that cannot work.
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    void canMail().then((can) => live && setOffered(can));
    return () => {
      live = false;
    };
  }, [canMail]);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const to = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) return setNote(copy.mail.invalid);
    setBusy(true);
    const ok = await send(to);
    setBusy(false);
    setNote(ok ? copy.mail.sent(to) : copy.mail.failed);
  }

  if (!offered) return null;

  return (
    <div className="mt-2 text-sm">
      {open ? (
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-1">
          <label htmlFor={fieldId} className="text-xs text-ink-700">
            {copy.mail.label}
          </label>
          <div className="flex gap-1">
            <input
              id={fieldId}
              type="email"
              autoComplete="email"
              value={email}
              maxLength={254}
              onChange={(e) => setEmail(e.target.value)}
              className="min-w-0 flex-1 rounded-full border border-ink-300 px-3 py-1 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-500"
            />
            <button
              type="submit"
              disabled={busy}
              className="rounded-full bg-brand-600 px-3 text-xs font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {copy.mail.send}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="text-xs text-brand-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={() => setOpen(true)}
        >
          {copy.mail.open}
        </button>
      )}
      <p role="status" className="text-xs text-ink-700 empty:hidden">
        {note}
      </p>
    </div>
  );
}
