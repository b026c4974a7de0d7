import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { InputField, TextareaField } from "~/components/ui/field";

export function ContactForm() {
  const [sending] = useState(false);
  const onSubmit = (e: FormEvent) => e.preventDefault();
  return (
    <form onSubmit={onSubmit} className="grid gap-2 sm:grid-cols-2">
      <InputField label="Förnamn *" name="firstName" required autoComplete="given-name" />
      <InputField label="Efternamn *" name="lastName" required autoComplete="family-name" />
      <InputField label="E-post *" name="email" type="email" required autoComplete="email" className="sm:col-span-2" />
      <InputField label="Företag" name="company" autoComplete="organization" className="sm:col-span-2" />
      <TextareaField label="Meddelande *" name="message" required rows={5} className="sm:col-span-2" />
      <Button type="submit" disabled={sending} className="sm:col-span-2">
        {sending ? "Skickar..." : "Skicka meddelande"}
      </Button>
    </form>
  );
}
