import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { Honeypot, useHoneypot } from "~/components/ui/honeypot";
import { useDelivery, type DeliveryStatus } from "~/components/ui/use-delivery";
import { useRefocusAfterBusy } from "~/components/ui/use-refocus-after-busy";
import { bookingCopy } from "~/content/booking";
import { chatCopy, leadFields } from "~/content/chat";
import { useFormFields } from "~/components/ui/use-form-fields";
import { loadMailConfig } from "./chat-settings";
import type { Lead } from "./lead";
import type { Offer } from "./offered-times";

const FORM_KEY = "lead";
const copy = bookingCopy.chat;
const empty: Lead = { name: "", email: "", phone: "", company: "" };
/** A call back needs the number: the same rules with the phone required. */
const callBackRules = { ...leadFields, phone: { ...leadFields.phone, required: true } };

/**
 * The lead form (spec §2, §4), with the contact forms' fields, validation, honeypot, refocus and
 * delivery. `payload` builds the lead's params (conversation, page, time); `onDone` hears the result.
 * While times are on offer (`offer`), it lists them too, so they never scroll away (issue 51): the
 * valid details and the chosen time (or "") go to `onCollect` first, which books when it returns true.
 * For a call back (`callBack`) the phone number is required, and says why.
 */
export function LeadForm({
  payload,
  onDone,
  onLater,
  onCollect,
  offer,
  chosen = "",
  callBack = false,
  initial = null,
}: {
  payload: (lead: Lead, start: string) => Record<string, string>;
  onDone: (status: DeliveryStatus, lead: Lead) => void;
  onLater: () => void;
  onCollect?: (lead: Lead, start: string) => boolean;
  offer?: Offer | null;
  /** The start of the time held, if any: the list shows it chosen. */
  chosen?: string;
  callBack?: boolean;
  /** Details the visitor gave Emma, filled in for them to check. */
  initial?: Lead | null;
}) {
  const rules = callBack ? callBackRules : leadFields;
  const form = useFormFields<keyof Lead>(initial ?? empty, rules, FORM_KEY);
  const honeypot = useHoneypot(FORM_KEY);
  const { sending, deliver } = useDelivery("lead", FORM_KEY);
  // The visitor's pick holds until a time is chosen among the message's buttons, which shows here.
  const [picked, setPicked] = useState({ over: chosen, start: chosen });
  const start = picked.over === chosen ? picked.start : chosen;
  const setStart = (value: string) => setPicked({ over: chosen, start: value });
  const times = offer?.times ?? [];
  const kind = offer?.kind ?? "video";
  const time = times.some((t) => t.start === start) ? start : "";
  // When the form stays (the send failed), the focus goes back to its button; when it closes, the
  // panel moves the focus to the question field.
  const submitButton = useRefocusAfterBusy<HTMLButtonElement>(sending);
  const { values, errors, set } = form;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending || !form.check(e.currentTarget)) return;
    if (!honeypot.value && onCollect?.(values, time)) return;
    const lead = values;
    const status = await deliver({
      params: payload(lead, time),
      honeypot: honeypot.value,
      visitorConfig: loadMailConfig(),
    });
    if (status === "sent" || status === "queued") {
      form.reset();
      honeypot.reset();
    }
    onDone(status, lead);
  }

  const field = (
    name: keyof Lead,
    props: { type?: string; autoComplete: string; required?: boolean; hint?: string; "data-autofocus"?: boolean },
  ) => (
    <InputField
      compact
      label={chatCopy.lead[name]}
      placeholder={chatCopy.lead[name]}
      name={name}
      maxLength={rules[name].max}
      value={values[name]}
      onChange={(e) => set(name)(e.target.value)}
      error={errors[name]}
      {...props}
    />
  );

  return (
    <form
      data-form={FORM_KEY}
      onSubmit={submit}
      noValidate
      aria-labelledby="lead-heading"
      className="relative rounded-xl border border-brand-200 bg-brand-50 p-3"
    >
      <Honeypot value={honeypot.value} onChange={honeypot.onChange} />
      <h3 id="lead-heading" className="text-sm font-semibold text-ink-900">
        {chatCopy.lead.heading}
      </h3>
      <div className="mt-2 flex flex-col">
        {times.length ? (
          // Compact: with the heading and the first field it fits the phone's 320 px panel.
          <label className="mb-2 block">
            <span className="sr-only">{copy.formTime[kind]}</span>
            <select
              name="time"
              value={time}
              onChange={(e) => setStart(e.target.value)}
              className="block min-h-11 w-full rounded-lg border border-ink-300 bg-white px-2 text-base text-ink-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-500"
            >
              <option value="">{copy.formNoTime[kind]}</option>
              {times.map((t) => (
                <option key={t.start} value={t.start}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {/* The panel focuses it as the form appears. */}
        {field("name", { autoComplete: "name", required: true, "data-autofocus": true })}
        {field("email", { type: "email", autoComplete: "email", required: true })}
        {field("phone", {
          type: "tel",
          autoComplete: "tel",
          // The reason while there is no error: the two side by side would not fit the panel.
          ...(callBack ? { required: true, hint: errors.phone ? undefined : copy.needsPhone } : {}),
        })}
        {field("company", { autoComplete: "organization" })}
      </div>
      {/* After the last field, in the flow: nothing held over the fields covers one or its error. */}
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
