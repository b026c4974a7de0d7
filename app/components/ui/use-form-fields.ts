import { useState } from "react";
import { typedBeforeHydration } from "~/lib/forms/form-dom";
import { validate, type FieldRule } from "./validation";

/**
 * Controlled values; errors show after the first submit and then follow the typing. With `formKey`
 * (the form's `data-form`), what was typed before hydration is the first state (decision 016).
 */
export function useFormFields<K extends string>(
  initial: Record<K, string>,
  rules: Record<K, FieldRule>,
  formKey?: string,
) {
  const [values, setValues] = useState(() =>
    formKey ? { ...initial, ...typedBeforeHydration(formKey, Object.keys(initial) as K[]) } : initial,
  );
  const [tried, setTried] = useState(false);
  const errors = tried ? validate(values, rules) : {};

  return {
    values,
    errors: errors as Partial<Record<K, string>>,
    set: (name: K) => (value: string) => setValues((v) => ({ ...v, [name]: value })),
    /** Marks the form as tried; true when it is valid. Focuses the first invalid field. */
    check(form: HTMLFormElement): boolean {
      setTried(true);
      const found = validate(values, rules);
      const first = (Object.keys(rules) as K[]).find((k) => found[k]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return !first;
    },
    reset() {
      setValues(initial);
      setTried(false);
    },
  };
}
