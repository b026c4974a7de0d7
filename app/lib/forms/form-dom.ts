/**
 * What the visitor has put into a prerendered form before its scripts ran: the value of each
 * named control (a checked radio's value, an unchecked checkbox as ""). Empty when the form is not
 * in the document (the prerender, a form rendered on the client).
 */
export function typedBeforeHydration<K extends string>(
  formKey: string,
  names: readonly K[],
): Partial<Record<K, string>> {
  if (typeof document === "undefined") return {};
  const form = document.querySelector<HTMLFormElement>(`form[data-form="${formKey}"]`);
  if (!form) return {};
  const found: Partial<Record<K, string>> = {};
  for (const name of names) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement && control.type === "checkbox") {
      found[name] = control.checked ? control.value : "";
    } else if (control && "value" in control && typeof control.value === "string") {
      found[name] = control.value;
    }
  }
  return found;
}
