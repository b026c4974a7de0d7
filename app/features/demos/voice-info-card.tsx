import { Mic, Phone } from "lucide-react";
import { Waveform } from "~/components/illustrations/waveform";
import { Button } from "~/components/ui/button";
import { voiceInfoCopy as copy } from "~/content/demos";
import { requestWidget } from "~/lib/widget-bus";
import { demoCardClass } from "./demo-card";

/** What a call with Emma looks like, and a button that opens the floating voice widget. */
export function VoiceInfoCard() {
  const sample = copy.sample;
  return (
    <section aria-labelledby="voice-info-heading" className={demoCardClass}>
      <figure className="rounded-xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-ink-50 p-4">
        <figcaption className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{sample.label}</figcaption>
        <div className="mt-3 flex items-center gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
            <Phone aria-hidden="true" className="h-4 w-4" />
          </span>
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="text-sm font-semibold text-ink-900">{sample.status}</span>
            <span className="flex items-center gap-1.5 text-xs text-ink-700">
              <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
              {sample.speaking}
            </span>
          </span>
          <span className="ml-auto font-mono text-sm text-ink-700 tabular-nums">{sample.time}</span>
        </div>
        <Waveform className="mt-3 h-8" barClassName="bg-gradient-to-t from-brand-600 to-accent-600" />
        <dl className="mt-3 grid gap-1.5 text-sm">
          <div className="flex gap-2">
            <dt className="font-semibold text-ink-700">{sample.caller}:</dt>
            <dd className="text-ink-800">{sample.callerLine}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold text-brand-700">{sample.emma}:</dt>
            <dd className="text-ink-800">{sample.emmaLine}</dd>
          </div>
        </dl>
      </figure>
      <h2 id="voice-info-heading" className="mt-5 text-2xl font-bold tracking-tight">
        {copy.heading}
      </h2>
      <p className="mt-2 text-ink-800">{copy.text}</p>
      <p className="mt-3 text-sm text-ink-700">{copy.note}</p>
      <Button className="mt-4" onClick={() => requestWidget("voice")}>
        <Mic aria-hidden="true" className="h-5 w-5" />
        {copy.button}
      </Button>
    </section>
  );
}
