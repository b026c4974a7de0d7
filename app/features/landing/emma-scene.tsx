import { CalendarCheck, Phone } from "lucide-react";
import { Waveform } from "~/components/illustrations/waveform";
import { heroSceneCopy as copy } from "~/content/landing";

/** The hero's scene of Emma (a chat, a call): decorative, so hidden from screen readers. */
export function EmmaScene() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:max-w-none lg:pl-6">
      <div className="rounded-3xl border border-white/15 bg-white/[0.07] p-4 shadow-2xl shadow-ink-950/40 sm:p-5">
        <div className="flex items-center gap-3 border-b border-white/10 pb-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-gradient-to-br from-brand-400 to-accent-500 font-bold text-white">
            E
          </span>
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="font-semibold">{copy.name}</span>
            <span className="text-sm text-ink-300">{copy.role}</span>
          </span>
          <span className="ml-auto flex items-center gap-1.5 rounded-full bg-emerald-400/15 px-2.5 py-1 text-xs font-medium text-emerald-200">
            <span className="h-1.5 w-1.5 rounded-full bg-emerald-300" />
            {copy.online}
          </span>
        </div>
        <div className="flex flex-col gap-3 pt-4 text-[0.95rem] leading-snug">
          <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5">{copy.question}</p>
          <p className="max-w-[88%] rounded-2xl rounded-bl-md bg-white/10 px-4 py-2.5 text-ink-100">{copy.answer}</p>
          <p className="hidden items-center gap-2 self-start rounded-full border border-white/15 px-3 py-1.5 text-sm text-ink-200 sm:flex">
            <CalendarCheck className="h-4 w-4 text-accent-500" />
            {copy.booked}
          </p>
        </div>
      </div>
      <div className="relative mt-4 rounded-2xl border border-white/15 bg-ink-950/60 p-4 shadow-xl lg:-mt-3 lg:mr-10 lg:-ml-6">
        <div className="flex items-center gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent-600 text-white">
            <Phone className="h-4 w-4" />
          </span>
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="text-sm font-semibold">{copy.callTitle}</span>
            <span className="text-xs text-ink-300">{copy.callStatus}</span>
          </span>
          <span className="ml-auto font-mono text-sm text-ink-200 tabular-nums">{copy.callTime}</span>
        </div>
        <Waveform className="mt-3" barClassName="bg-gradient-to-t from-brand-400 to-accent-500" />
        <p className="mt-2 truncate text-sm text-ink-300 italic">{copy.transcript}</p>
      </div>
    </div>
  );
}
