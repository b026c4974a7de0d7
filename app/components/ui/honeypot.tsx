import { useState } from "react";
import { contactFormCopy } from "~/content/contact-form";
import { typedBeforeHydration } from "~/lib/forms/form-dom";

export const HONEYPOT_NAME = "hp_website_url";

/** The honeypot's value, kept through hydration like the form's other fields. */
export function useHoneypot(formKey?: string) {
  const [value, setValue] = useState(
    () => (formKey ? typedBeforeHydration(formKey, [HONEYPOT_NAME])[HONEYPOT_NAME] : "") ?? "",
  );
  return { value, onChange: setValue, reset: () => setValue("") };
}

/** A field people never see or reach; bots that fill every input fill this one too. */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {contactFormCopy.honeypot}
        <input
          type="text"
          name={HONEYPOT_NAME}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
