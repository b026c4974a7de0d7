import { LoaderCircle, Mic, PhoneOff, Settings } from "lucide-react";
import { voiceCopy } from "~/content/voice";
import { cn } from "~/lib/cn";
import { floatingPlacement } from "~/lib/floating-placement";
import type { VoicePhase } from "./voice-state";

interface VoiceButtonProps {
  configured: boolean;
  phase: VoicePhase;
  onClick: () => void;
  onOpenSettings: () => void;
}

const copy = voiceCopy.button;

// Opens the setup until configured, then toggles the call; its badge opens the settings.
export function VoiceButton({ configured, phase, onClick, onOpenSettings }: VoiceButtonProps) {
  const active = phase !== "idle";
  const hint = !configured
    ? copy.setup
    : phase === "connecting"
      ? copy.cancelHint
      : active
        ? copy.endHint
        : copy.startHint;
  return (
    <div className={floatingPlacement.voiceButton}>
      <button
        type="button"
        aria-label={configured ? copy.call : copy.setup}
        aria-pressed={configured ? active : undefined}
        aria-haspopup={configured ? undefined : "dialog"}
        aria-busy={phase === "connecting" || undefined}
        title={hint}
        onClick={onClick}
        className={cn(
          "inline-flex h-14 w-14 items-center justify-center rounded-full text-white shadow-lg transition-colors",
          "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
          active ? "bg-red-600 hover:bg-red-700" : "bg-brand-600 hover:bg-brand-700",
        )}
      >
        {phase === "connecting" ? (
          <LoaderCircle aria-hidden="true" className="h-6 w-6 animate-spin" />
        ) : active ? (
          <PhoneOff aria-hidden="true" className="h-6 w-6" />
        ) : (
          <Mic aria-hidden="true" className="h-6 w-6" />
        )}
      </button>
      {configured && !active ? (
        <button
          type="button"
          aria-label={copy.settings}
          aria-haspopup="dialog"
          title={copy.settings}
          onClick={onOpenSettings}
          className={cn(
            "absolute -top-2 -left-2 inline-flex h-7 w-7 items-center justify-center rounded-full border border-ink-200 bg-white text-ink-700 shadow",
            "hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
          )}
        >
          <Settings aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
