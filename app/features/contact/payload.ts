import { contactFormCopy, getStartedCopy, type GetStartedService } from "~/content/contact-form";

/** Trims every value: what is sent is what was typed, without stray spaces at the ends. */
function trimAll<T extends { [K in keyof T]: string }>(values: T): T {
  return Object.fromEntries(Object.entries<string>(values).map(([k, v]) => [k, v.trim()])) as T;
}

export type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  message: string;
};

/** Spec §3: to_email, from_name, from_email, company, message, subject. */
export function contactPayload(values: ContactValues, salesEmail: string): Record<string, string> {
  const v = trimAll(values);
  const name = `${v.firstName} ${v.lastName}`;
  return {
    to_email: salesEmail,
    from_name: name,
    from_email: v.email,
    company: v.company,
    message: v.message,
    subject: contactFormCopy.subject(name),
  };
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
  const v = trimAll(values);
  return {
    to_email: salesEmail,
    from_name: v.name,
    from_email: v.email,
    company: v.company,
    phone: v.phone,
    selected_service: service.title,
    message: v.message,
    subject: getStartedCopy.subject(service.title),
  };
}
