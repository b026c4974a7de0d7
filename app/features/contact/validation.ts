import { validationMessages } from "~/content/contact-form";

export interface FieldRule {
  label: string;
  required?: boolean;
  email?: boolean;
  max: number;
}

/** A pragmatic address check: something@something.tld, no spaces (the input is also type=email). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Error messages by field name; empty when the values are valid. */
export function validate<K extends string>(values: Record<K, string>, rules: Record<K, FieldRule>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const name of Object.keys(rules) as K[]) {
    const rule = rules[name];
    const value = values[name].trim();
    if (rule.required && value === "") errors[name] = validationMessages.required(rule.label);
    else if (value.length > rule.max) errors[name] = validationMessages.tooLong(rule.max);
    else if (rule.email && value !== "" && !isEmail(value)) errors[name] = validationMessages.email;
  }
  return errors;
}
