import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { voiceCopy } from "~/content/voice";
import { VoiceDialog } from "./voice-dialog";

const copy = voiceCopy.consent;

interface VoiceConsentDialogProps {
  onAccept: () => void;
  onClose: () => void;
}

/** Shown once, before the first call: the microphone, the AI service, the privacy policy. */
export function VoiceConsentDialog({ onAccept, onClose }: VoiceConsentDialogProps) {
  return (
    <VoiceDialog title={copy.title} onClose={onClose}>
      <p className="mt-2 text-ink-700">
        {copy.text}{" "}
        <Link to={copy.privacyHref} className="font-medium text-brand-700 underline hover:text-brand-900">
          {copy.privacyLink}
        </Link>
        .
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onClose}>
          {copy.cancel}
        </Button>
        {/* Focused first: the visitor clicked to talk, this is the expected next step. */}
        <Button size="sm" data-autofocus onClick={onAccept}>
          {copy.accept}
        </Button>
      </div>
    </VoiceDialog>
  );
}
