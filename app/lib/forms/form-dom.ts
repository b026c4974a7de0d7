/**
 * What the visitor has put into a prerendered form before its scripts ran: the value of each
 * named control (a checked radio's value, an unchecked checkbox as ""). Empty when the form is not
 * in the document (the prerender, a form rendered on the client).
 */
const prerenderedForm = (formKey: string) =>
  typeof document === "undefined" ? null : document.querySelector<HTMLFormElement>(`form[data-form="${formKey}"]`);

/**
 * When the visitor could first see a form: the page's start for one in the prerendered HTML
 * (called while hydrating it), else now. Read while the component first renders.
 */
export function formShownAt(formKey: string | undefined): number {
  const now = Date.now();
  return formKey && prerenderedForm(formKey) ? now - performance.now() : now;
}

export function typedBeforeHydration<K extends string>(
  formKey: string,
  names: readonly K[],
): Partial<Record<K, string>> {
  const form = prerenderedForm(formKey);
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
