import { ArrowDownRight, Mic } from "lucide-react";
import { voiceInfoCopy as copy } from "~/content/demos";
import { demoCardClass } from "./demo-card";

/** Points to the floating voice button; the call itself is the voice widget's job. */
export function VoiceInfoCard() {
  return (
    <section aria-labelledby="voice-info-heading" className={demoCardClass}>
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-accent-600 text-white">
        <Mic aria-hidden="true" className="h-5 w-5" />
      </span>
      <h2 id="voice-info-heading" className="mt-3 text-2xl font-bold tracking-tight">
        {copy.heading}
      </h2>
      <p className="mt-2 text-ink-800">{copy.text}</p>
      <p className="mt-3 text-sm text-ink-700">{copy.note}</p>
      <ArrowDownRight aria-hidden="true" className="mt-4 ml-auto h-8 w-8 text-brand-600" />
    </section>
  );
}
