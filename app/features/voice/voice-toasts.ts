import { toast } from "sonner";
import { voiceCopy } from "~/content/voice";
import type { VoiceNotice } from "./voice-state";

/**
 * Shows a notice as a toast. The call's toasts share one id, so 'online' gives way to 'ended'
 * instead of piling up; a missing configuration offers the way to the settings.
 */
export function showVoiceNotice(notice: VoiceNotice, openSettings: () => void): void {
  const id = "voice-call";
  switch (notice.kind) {
    case "online":
      toast.success(voiceCopy.toasts.online, { id });
      return;
    case "ended":
      toast(voiceCopy.toasts.ended, { id });
      return;
    case "error": {
      const { title, description } = voiceCopy.errors[notice.error];
      const action =
        notice.error === "not-configured" ? { label: voiceCopy.toasts.openSettings, onClick: openSettings } : undefined;
      toast.error(title, { id, description, action });
      return;
    }
  }
}
