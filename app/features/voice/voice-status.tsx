import { LoaderCircle, Mic, MicOff } from "lucide-react";
import { voiceCopy } from "~/content/voice";
import { cn } from "~/lib/cn";
import { floatingPlacement } from "~/lib/floating-placement";
import type { VoiceState } from "./voice-state";
import { VolumeMeter } from "./volume-meter";

interface VoiceStatusProps {
  state: VoiceState;
  onToggleMute: () => void;
}

/** The pill beside the voice button while connecting and during a call. */
export function VoiceStatus({ state, onToggleMute }: VoiceStatusProps) {
  if (state.phase === "idle") return null;
  const connecting = state.phase === "connecting";
  return (
    <div
      role="group"
      aria-label={voiceCopy.status.label}
      className={cn(
        floatingPlacement.voiceStatus,
        "flex min-h-12 items-center gap-2 rounded-3xl border border-ink-200 bg-white py-1 pr-1 pl-4 text-sm leading-tight font-medium text-ink-800 shadow-lg",
        // Left of the two round buttons, never past the screen's left edge (1rem to spare): on a
        // narrow phone a long stage wraps and the pill grows upwards instead of being cut off.
        "max-w-[calc(100vw-11rem)]",
        connecting && "pr-4",
      )}
    >
      {connecting ? (
        <>
          <LoaderCircle aria-hidden="true" className="h-4 w-4 shrink-0 animate-spin text-brand-600" />
          <StageText detail={state.stage ? voiceCopy.stageDetails[state.stage] : null} />
        </>
      ) : (
        <>
          <VolumeMeter level={state.volume} speaking={state.speaking} />
          <span data-testid="voice-speaking-state">
            {state.speaking ? voiceCopy.status.speaking : voiceCopy.status.listening}
          </span>
          <button
            type="button"
            aria-pressed={state.muted}
            title={state.muted ? voiceCopy.mute.mutedNote : voiceCopy.mute.label}
            onClick={onToggleMute}
            className={cn(
              "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full transition-colors",
              "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
              state.muted ? "bg-red-100 text-red-800 hover:bg-red-200" : "bg-ink-100 text-ink-800 hover:bg-ink-200",
            )}
          >
            {state.muted ? (
              <MicOff aria-hidden="true" className="h-5 w-5" />
            ) : (
              <Mic aria-hidden="true" className="h-5 w-5" />
            )}
            <span className="sr-only">{voiceCopy.mute.label}</span>
          </button>
        </>
      )}
    </div>
  );
}

// Below 360 px the bracketed detail would stick out of the pill: screen readers only there.
function StageText({ detail }: { detail: string | null }) {
  return (
    <span>
      {voiceCopy.status.connecting}
      {detail ? <span className="max-[22.5rem]:sr-only">{` (${detail})`}</span> : null}
    </span>
  );
}
