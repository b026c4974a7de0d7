import { validationMessages } from "~/content/contact-form";
import { isEmail } from "#common/email-address.mjs";
import { isPhoneNumber } from "#common/phone-number.mjs";

export interface FieldRule {
  label: string;
  required?: boolean;
  email?: boolean;
  phone?: boolean;
  max: number;
}

/** Error messages by field name; empty when the values are valid. */
export function validate<K extends string>(
  values: Record<K, string>,
  rules: Record<K, FieldRule>,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const name of Object.keys(rules) as K[]) {
    const rule = rules[name];
    const value = values[name].trim();
    if (rule.required && value === "") errors[name] = validationMessages.required(rule.label);
    else if (value.length > rule.max) errors[name] = validationMessages.tooLong(rule.max);
    else if (rule.email && value !== "" && !isEmail(value)) errors[name] = validationMessages.email;
    else if (rule.phone && value !== "" && !isPhoneNumber(value)) errors[name] = validationMessages.phone;
  }
  return errors;
}
