import { toast, type ExternalToast } from "~/components/ui/toast";
import { voiceCopy } from "~/content/voice";
import type { VoiceNotice } from "./voice-state";

type Kind = "success" | "error" | "message";
const show = { success: toast.success, error: toast.error, message: toast };

// Replaces the toast with the same id; every field spelled out, as sonner merges updates.
export function replaceToast(kind: Kind, id: string, title: string, options: Omit<ExternalToast, "id"> = {}): void {
  show[kind](title, { description: undefined, action: undefined, ...options, id });
}

/** Shows a call notice; a missing configuration offers the way to the settings. */
export function showVoiceNotice(notice: VoiceNotice, openSettings: () => void): void {
  const id = "voice-call";
  switch (notice.kind) {
    case "online":
      return replaceToast("success", id, voiceCopy.toasts.online);
    case "ended":
      return replaceToast("message", id, voiceCopy.toasts.ended);
    case "error": {
      const { title, description } = voiceCopy.errors[notice.error];
      const action =
        notice.error === "not-configured" ? { label: voiceCopy.toasts.openSettings, onClick: openSettings } : undefined;
      return replaceToast("error", id, title, { description, action });
    }
  }
}
