import { useEffect, useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { contactFormCopy, getStartedCopy } from "~/content/contact-form";
import { sentNoteCopy as copy } from "~/content/sent-note";
import type { ContactValues, GetStartedValues } from "./payload";

/** What a form sent, as the form knew it when it was sent (its fields are emptied after). */
export type SentSummary = { queued: boolean } & (
  | { kind: "contact"; values: ContactValues }
  | {
      kind: "get-started";
      values: GetStartedValues;
      service: string;
      /** The free meeting booked with the request: its label, whether its confirmation is mailed
       * and whether it waits for the team's approval. */
      booked: { label: string; mailed: boolean; pending?: boolean } | null;
    }
);

const MAX_SHOWN = 300;
const shortened = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

/** The fields as the visitor filled them in, label then value; empty ones left out. */
function fieldsOf(sent: SentSummary): [string, string][] {
  const fields: [string, string][] =
    sent.kind === "contact"
      ? [
          [contactFormCopy.firstName, sent.values.firstName],
          [contactFormCopy.lastName, sent.values.lastName],
          [contactFormCopy.email, sent.values.email],
          [contactFormCopy.company, sent.values.company],
          [contactFormCopy.message, sent.values.message],
        ]
      : [
          [getStartedCopy.servicesLegend, sent.service],
          [getStartedCopy.name, sent.values.name],
          [getStartedCopy.email, sent.values.email],
          [getStartedCopy.company, sent.values.company],
          [getStartedCopy.phone, sent.values.phone],
          [getStartedCopy.message, sent.values.message],
        ];
  return fields.filter(([, value]) => value.trim());
}

/**
 * The confirmation that stays after a form is sent (loaded with the first send): what was sent,
 * the booked time and what happens next, until the visitor begins a new message.
 */
function SentNote({ sent, onDismiss }: { sent: SentSummary; onDismiss: () => void }) {
  const id = useId();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: "nearest" });
  }, [sent]);
  const email = sent.values.email;
  const booked = sent.kind === "get-started" ? sent.booked : null;
  const heading = sent.queued
    ? copy.queuedHeading
    : sent.kind === "contact"
      ? copy.contactHeading
      : copy.getStartedHeading;
  const dismiss = () => {
    onDismiss();
    // The form's first field, for the next message.
    const first = sent.kind === "contact" ? "#contact-firstName" : 'input[name="service"]';
    document.querySelector<HTMLElement>(first)?.focus();
  };
  return (
    <section
      ref={section}
      aria-labelledby={id}
      className="mt-6 flex flex-col gap-2 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-ink-900"
    >
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      {sent.queued ? <p>{copy.queued}</p> : null}
      {booked?.pending ? (
        <p className="font-medium">
          {copy.meetingPending(booked.label)} {booked.mailed ? copy.meetingPendingMail(email) : ""}
        </p>
      ) : booked ? (
        <p className="font-medium">
          {copy.meeting(booked.label)} {booked.mailed ? copy.meetingMail(email) : ""}
        </p>
      ) : null}
      <p>{sent.kind === "contact" ? copy.contactNext(email) : copy.getStartedNext(email)}</p>
      <p className="mt-1 text-sm font-semibold">{copy.sentLabel}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fieldsOf(sent).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-700">{label}</dt>
            <dd className="break-words whitespace-pre-wrap">{shortened(value)}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Button variant="ghost" size="touch" onClick={dismiss}>
          {copy.again}
        </Button>
      </div>
    </section>
  );
}

/** The note as an element, for a form that loads this module when it has sent. */
export const sentNote = (sent: SentSummary, onDismiss: () => void) => <SentNote sent={sent} onDismiss={onDismiss} />;
