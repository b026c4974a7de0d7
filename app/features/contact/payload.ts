import { payloadFields } from "#common/form-fields.mjs";
import { contactFormCopy, getStartedCopy, type GetStartedService } from "~/content/contact-form";

export type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  message: string;
};

/** Spec §3: to_email, from_name, from_email, company, message, subject; each value trimmed. */
export function contactPayload(values: ContactValues, salesEmail: string): Record<string, string> {
  const fields = payloadFields("contact", values);
  return { to_email: salesEmail, ...fields, subject: contactFormCopy.subject(fields.from_name!) };
}

export interface GetStartedValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
}

/** Spec §3: to_email, from_name, from_email, company, phone, selected_service, message, subject. */
export function getStartedPayload(
  values: GetStartedValues,
  service: GetStartedService,
  salesEmail: string,
): Record<string, string> {
  const fields = payloadFields("get-started", { ...values, service: service.title });
  return { to_email: salesEmail, ...fields, subject: getStartedCopy.subject(service.title) };
}
