import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { useRefocusAfterBusy } from "~/components/ui/use-refocus-after-busy";
import { chatCopy } from "~/content/chat";
import { fieldLimits } from "~/content/contact-form";
import { isEmail } from "~/lib/email-address";
import type { Lead } from "./lead";
import type { LeadSubmitResult } from "./use-chat";

const inputClass =
  "w-full rounded-lg border border-ink-300 bg-white px-2.5 py-1.5 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-500";

// The lead form (spec §2, §4). Name and a valid e-mail are required (the spec leaves it open): a
// lead nobody can answer is no lead.
export function LeadForm({
  sending,
  onSubmit,
  onLater,
}: {
  sending: boolean;
  onSubmit: (lead: Lead) => Promise<LeadSubmitResult>;
  onLater: () => void;
}) {
  const [lead, setLead] = useState<Lead>({ name: "", email: "", phone: "", company: "" });
  const [error, setError] = useState("");
  const set = (k: keyof Lead) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setLead((l) => ({ ...l, [k]: e.target.value }));

  // When the form stays (the send failed), the focus goes back to its button; when it closes, the
  // panel moves the focus to the question field.
  const submitButton = useRefocusAfterBusy<HTMLButtonElement>(sending);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    if (!lead.name.trim() || !isEmail(lead.email)) {
      setError(chatCopy.lead.invalid);
      return;
    }
    setError("");
    await onSubmit(lead);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="lead-heading"
      className="rounded-xl border border-brand-200 bg-brand-50 p-3"
    >
      <h3 id="lead-heading" className="text-sm font-semibold text-ink-900">
        {chatCopy.lead.heading}
      </h3>
      <div className="mt-2 flex flex-col gap-2">
        <input
          aria-label={chatCopy.lead.name}
          placeholder={chatCopy.lead.name}
          autoComplete="name"
          required
          maxLength={fieldLimits.name}
          value={lead.name}
          onChange={set("name")}
          className={inputClass}
        />
        <input
          aria-label={chatCopy.lead.email}
          placeholder={chatCopy.lead.email}
          type="email"
          autoComplete="email"
          required
          maxLength={fieldLimits.email}
          value={lead.email}
          onChange={set("email")}
          className={inputClass}
        />
        <input
          aria-label={chatCopy.lead.phone}
          placeholder={chatCopy.lead.phone}
          type="tel"
          autoComplete="tel"
          maxLength={fieldLimits.phone}
          value={lead.phone}
          onChange={set("phone")}
          className={inputClass}
        />
        <input
          aria-label={chatCopy.lead.company}
          placeholder={chatCopy.lead.company}
          autoComplete="organization"
          maxLength={fieldLimits.company}
          value={lead.company}
          onChange={set("company")}
          className={inputClass}
        />
      </div>
      <p role="alert" className="min-h-5 text-xs text-red-700">
        {error}
      </p>
      <div className="flex gap-2">
        <Button
          ref={submitButton}
          type="submit"
          size="sm"
          disabled={sending}
          aria-busy={sending || undefined}
          className="flex-1 whitespace-nowrap"
        >
          {sending ? chatCopy.lead.sending : chatCopy.lead.submit}
        </Button>
        <Button size="sm" variant="ghost" onClick={onLater}>
          {chatCopy.lead.later}
        </Button>
      </div>
    </form>
  );
}
