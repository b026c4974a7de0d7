import { ArrowLeft } from "lucide-react";
import { lazy, Suspense, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { InputField, TextareaField } from "~/components/ui/field";
import { Honeypot, useHoneypot } from "~/components/ui/honeypot";
import { PendingNote } from "~/components/ui/pending-note";
import { useDelivery } from "~/components/ui/use-delivery";
import { useRefocusAfterBusy } from "~/components/ui/use-refocus-after-busy";
import { cn } from "~/lib/cn";
import { typedBeforeHydration } from "~/lib/forms/form-dom";
import { useFormFields } from "~/components/ui/use-form-fields";
import { site } from "~/config/site";
import {
  fieldLimits,
  getStartedCopy as copy,
  getStartedServices,
  validationMessages,
  type GetStartedService,
} from "~/content/contact-form";
import { contactMessages } from "~/content/email-messages";
import { getStartedMeetingCopy as meetingCopy } from "~/content/get-started-meeting";
import { getStartedPayload, type GetStartedValues } from "./payload";
import type { HeldTime } from "./meeting-picker";
import { ServicePicker } from "./service-picker";

// The times load only when the visitor asks for them (issue 45): nothing of them on page load.
const MeetingPicker = lazy(() => import("./meeting-picker"));
const noChange = () => () => {};
const scriptsRun = () => true;
const noScripts = () => false;

type ServiceId = GetStartedService["id"];
const FORM_KEY = "get-started";

/** The service card chosen in the prerendered form before hydration, if any. */
function chosenBeforeHydration(): ServiceId | null {
  const id = typedBeforeHydration(FORM_KEY, ["service"]).service;
  return getStartedServices.find((s) => s.id === id)?.id ?? null;
}

const empty: GetStartedValues = { name: "", email: "", company: "", phone: "", message: "" };
const rules = {
  name: { label: copy.name, required: true, max: fieldLimits.name },
  email: { label: copy.email, required: true, email: true, max: fieldLimits.email },
  company: { label: copy.company, max: fieldLimits.company },
  phone: { label: copy.phone, phone: true, max: fieldLimits.phone },
  message: { label: copy.message, max: fieldLimits.message },
};

const req = (label: string) => (
  <>
    {label} <span aria-hidden="true">*</span>
  </>
);

/**
 * /kom-igang: pick a service, then send a request (spec §2, §5). Before its scripts run (or
 * without them) it posts to the server's no-JS endpoint; once hydrated it sends as the spec says,
 * and may book a time of the free meeting with it (issue 45).
 */
export function GetStartedForm() {
  const [serviceId, setServiceId] = useState(() => chosenBeforeHydration());
  // As a field's error: shown after the first submit, gone once a service is chosen.
  const [serviceTried, setServiceTried] = useState(false);
  const serviceError = serviceTried && !serviceId ? contactMessages.noService.description : undefined;
  const honeypot = useHoneypot(FORM_KEY);
  const form = useFormFields<keyof GetStartedValues>(empty, rules, FORM_KEY);
  const { sending, pending, deliver } = useDelivery("get-started", FORM_KEY);
  // Sent or not, the focus returns to the button (disabled while sending) for a keyboard visitor.
  const submitButton = useRefocusAfterBusy<HTMLButtonElement>(sending);
  const { values, errors, set } = form;
  // The optional time: its place is kept from the first paint (no shift), shown once scripts run.
  const scripted = useSyncExternalStore(noChange, scriptsRun, noScripts);
  const [picking, setPicking] = useState(false);
  const [held, setHeld] = useState<HeldTime | null>(null);
  const [note, setNote] = useState<ReactNode>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const service = getStartedServices.find((s) => s.id === serviceId);
    // Every error shows at once, each beside its field; the focus goes to the first.
    setServiceTried(true);
    const fieldsValid = form.check(e.currentTarget);
    if (!service) {
      // One toast however often it is submitted without a service: a repeat replaces it.
      toast.error(contactMessages.noService.title, {
        id: "no-service",
        description: contactMessages.noService.description,
      });
      e.currentTarget.querySelector<HTMLInputElement>('input[name="service"]')?.focus();
      return;
    }
    if (!fieldsValid) return;
    const params = getStartedPayload(values, service, site.salesEmail);
    // A held time is booked with the request (the picker's chunk is loaded: it made the hold).
    const booked = held && !honeypot.value ? await (await import("./meeting-picker")).bookHeld(held, params) : null;
    const result = booked ? "sent" : await deliver({ params, honeypot: honeypot.value });
    if (result === "sent" || result === "queued") {
      // What was sent stays on the page; its code loads with the first send, as the contact form's.
      const sent = {
        kind: "get-started" as const,
        values,
        service: service.title,
        queued: result === "queued",
        booked,
      };
      void import("./sent-note").then((m) => setNote(m.sentNote(sent, () => setNote(null))));
      setHeld(null);
      setPicking(false);
      form.reset();
      setServiceId(null);
      setServiceTried(false);
      honeypot.reset();
    }
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <Link to="/" className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {copy.back}
      </Link>
      <h1 className="mt-6 text-4xl font-bold tracking-tight">{copy.heading}</h1>
      <p className="mt-3 text-lg text-ink-700">{copy.lead}</p>
      <form
        method="post"
        action="/api/forms/get-started"
        data-form={FORM_KEY}
        onSubmit={onSubmit}
        noValidate
        className="relative mt-10 flex flex-col gap-10"
      >
        <Honeypot value={honeypot.value} onChange={honeypot.onChange} />
        <ServicePicker
          legend={copy.servicesLegend}
          services={getStartedServices}
          value={serviceId}
          onChange={setServiceId}
          error={serviceError}
        />
        <fieldset className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold">{copy.detailsLegend}</legend>
          <InputField
            label={req(copy.name)}
            id="get-started-name"
            name="name"
            required
            autoComplete="name"
            maxLength={fieldLimits.name}
            value={values.name}
            onChange={(e) => set("name")(e.target.value)}
            error={errors.name}
          />
          <InputField
            label={req(copy.email)}
            id="get-started-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={fieldLimits.email}
            value={values.email}
            onChange={(e) => set("email")(e.target.value)}
            error={errors.email}
          />
          <InputField
            label={copy.company}
            id="get-started-company"
            name="company"
            autoComplete="organization"
            maxLength={fieldLimits.company}
            value={values.company}
            onChange={(e) => set("company")(e.target.value)}
            error={errors.company}
          />
          <InputField
            label={copy.phone}
            id="get-started-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={fieldLimits.phone}
            value={values.phone}
            onChange={(e) => set("phone")(e.target.value)}
            error={errors.phone}
          />
          <TextareaField
            label={copy.message}
            id="get-started-message"
            name="message"
            rows={4}
            maxLength={fieldLimits.message}
            value={values.message}
            onChange={(e) => set("message")(e.target.value)}
            error={errors.message}
            counter={validationMessages.counter(values.message.length, fieldLimits.message)}
            className="sm:col-span-2"
          />
        </fieldset>
        <fieldset className={cn("flex flex-col gap-3", !scripted && "invisible")} aria-hidden={!scripted || undefined}>
          <legend className="mb-1 text-lg font-semibold">{meetingCopy.legend}</legend>
          <p className="text-ink-700">{meetingCopy.hint}</p>
          {picking ? (
            <Suspense fallback={null}>
              <MeetingPicker onHold={setHeld} />
            </Suspense>
          ) : (
            <div>
              <Button variant="secondary" disabled={!scripted} onClick={() => setPicking(true)}>
                {meetingCopy.show}
              </Button>
            </div>
          )}
        </fieldset>
        <div className="flex flex-col gap-2">
          <Button ref={submitButton} type="submit" size="lg" disabled={sending} aria-busy={sending || undefined}>
            {sending ? copy.sending : copy.submit}
          </Button>
          <PendingNote count={pending} />
        </div>
      </form>
      {note}
    </div>
  );
}
