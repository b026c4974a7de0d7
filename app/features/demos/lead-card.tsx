import { Inbox } from "lucide-react";
import { automationDemoCopy, demoLead } from "~/content/demos";
import { demoCardClass } from "./demo-card";

const copy = automationDemoCopy.leadCard;

/** The demo's incoming lead (spec §3 'Demo email lead'), shown once the demo has started. */
export function LeadCard({ received }: { received: boolean }) {
  return (
    <section aria-labelledby="lead-card-heading" className={demoCardClass}>
      <h3 id="lead-card-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Inbox aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {copy.heading}
      </h3>
      {received ? (
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-ink-700">{copy.from}</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{demoLead.from}</dd>
          <dt className="text-ink-700">{copy.subject}</dt>
          <dd className="font-medium">{demoLead.subject}</dd>
          <dt className="text-ink-700">{copy.received}</dt>
          <dd>{demoLead.received}</dd>
          <dt className="text-ink-700">{copy.urgency}</dt>
          <dd className="font-medium text-red-800">{demoLead.urgency}</dd>
          <dt className="sr-only">{copy.content}</dt>
          <dd className="col-span-2 mt-3 rounded-xl bg-ink-50 p-3 text-base text-ink-900">{demoLead.content}</dd>
        </dl>
      ) : (
        <p className="mt-4 text-ink-700">{copy.waiting}</p>
      )}
    </section>
  );
}
