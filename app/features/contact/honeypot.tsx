import { contactFormCopy } from "~/content/contact-form";

/** A field people never see or reach; bots that fill every input fill this one too. */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {contactFormCopy.honeypot}
        <input
          type="text"
          name="hp_website_url"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
