import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { InputField, TextareaField } from "~/components/ui/field";
import { Honeypot, useHoneypot } from "~/components/ui/honeypot";
import { PendingNote } from "~/components/ui/pending-note";
import { useDelivery } from "~/components/ui/use-delivery";
import { useRefocusAfterBusy } from "~/components/ui/use-refocus-after-busy";
import { useFormFields } from "~/components/ui/use-form-fields";
import { site } from "~/config/site";
import { contactFormCopy as copy, fieldLimits, validationMessages } from "~/content/contact-form";
import { contactPayload, type ContactValues } from "./payload";

const FORM_KEY = "contact";
const empty: ContactValues = { firstName: "", lastName: "", email: "", company: "", message: "" };
const rules = {
  firstName: { label: copy.firstName, required: true, max: fieldLimits.name },
  lastName: { label: copy.lastName, required: true, max: fieldLimits.name },
  email: { label: copy.email, required: true, email: true, max: fieldLimits.email },
  company: { label: copy.company, max: fieldLimits.company },
  message: { label: copy.message, required: true, max: fieldLimits.message },
};

const req = (label: string) => (
  <>
    {label} <span aria-hidden="true">*</span>
  </>
);

/**
 * The landing page's contact form (spec §2 Contact, §3, §5). Before its scripts run (or without
 * them) it posts to the server's no-JS endpoint; once hydrated it sends as the spec says.
 */
export function ContactForm() {
  const form = useFormFields<keyof ContactValues>(empty, rules, FORM_KEY);
  const honeypot = useHoneypot(FORM_KEY);
  const { sending, pending, deliver } = useDelivery("contact", FORM_KEY);
  // Sent or not, the focus returns to the button (disabled while sending) for a keyboard visitor.
  const submitButton = useRefocusAfterBusy<HTMLButtonElement>(sending);
  const { values, errors, set } = form;
  const [note, setNote] = useState<ReactNode>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending || !form.check(e.currentTarget)) return;
    const result = await deliver({ params: contactPayload(values, site.salesEmail), honeypot: honeypot.value });
    if (result === "sent" || result === "queued") {
      // What was sent stays on the page; its code loads with the first send, not with the page.
      const sent = { kind: "contact" as const, values, queued: result === "queued" };
      void import("./sent-note").then((m) => setNote(m.sentNote(sent, () => setNote(null))));
      form.reset();
      honeypot.reset();
    }
  }

  return (
    <>
      <form
        method="post"
        action="/api/forms/contact"
        data-form={FORM_KEY}
        onSubmit={onSubmit}
        noValidate
        aria-label={copy.submit}
        className="relative grid gap-x-4 gap-y-1 sm:grid-cols-2"
      >
        <Honeypot value={honeypot.value} onChange={honeypot.onChange} />
        <InputField
          label={req(copy.firstName)}
          id="contact-firstName"
          name="firstName"
          required
          autoComplete="given-name"
          maxLength={fieldLimits.name}
          value={values.firstName}
          onChange={(e) => set("firstName")(e.target.value)}
          error={errors.firstName}
        />
        <InputField
          label={req(copy.lastName)}
          id="contact-lastName"
          name="lastName"
          required
          autoComplete="family-name"
          maxLength={fieldLimits.name}
          value={values.lastName}
          onChange={(e) => set("lastName")(e.target.value)}
          error={errors.lastName}
        />
        <InputField
          label={req(copy.email)}
          id="contact-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={fieldLimits.email}
          value={values.email}
          onChange={(e) => set("email")(e.target.value)}
          error={errors.email}
          className="sm:col-span-2"
        />
        <InputField
          label={copy.company}
          id="contact-company"
          name="company"
          autoComplete="organization"
          maxLength={fieldLimits.company}
          value={values.company}
          onChange={(e) => set("company")(e.target.value)}
          error={errors.company}
          className="sm:col-span-2"
        />
        <TextareaField
          label={req(copy.message)}
          id="contact-message"
          name="message"
          required
          rows={5}
          maxLength={fieldLimits.message}
          value={values.message}
          onChange={(e) => set("message")(e.target.value)}
          error={errors.message}
          counter={validationMessages.counter(values.message.length, fieldLimits.message)}
          className="sm:col-span-2"
        />
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Button ref={submitButton} type="submit" disabled={sending} aria-busy={sending || undefined}>
            {sending ? copy.sending : copy.submit}
          </Button>
          <PendingNote count={pending} />
        </div>
      </form>
      {note}
    </>
  );
}
