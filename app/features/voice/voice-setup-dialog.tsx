import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { voiceCopy } from "~/content/voice";
import { VoiceDialog } from "./voice-dialog";
import { replaceToast } from "./voice-toasts";
import {
  checkVoiceSettings,
  voiceSettings,
  type VoiceSettingsField,
  type VoiceSettingsSnapshot,
} from "./voice-settings";

const copy = voiceCopy.setup;

interface VoiceSetupDialogProps {
  settings: VoiceSettingsSnapshot;
  onClose: () => void;
}

/** 'Emma Röst Setup': the public key and the assistant id, saved in this browser; or cleared. */
export function VoiceSetupDialog({ settings, onClose }: VoiceSetupDialogProps) {
  const [values, setValues] = useState({ publicKey: settings.publicKey, assistantId: settings.assistantId });
  const [missing, setMissing] = useState<VoiceSettingsField[]>([]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkVoiceSettings(values);
    if (!check.ok) {
      setMissing(check.missing);
      replaceToast("error", "voice-setup", copy.required.title, { description: copy.required.description });
      return;
    }
    voiceSettings.save(check.value);
    replaceToast("success", "voice-setup", voiceCopy.toasts.saved);
    onClose();
  };

  const onClear = () => {
    voiceSettings.clear();
    replaceToast("success", "voice-setup", voiceCopy.toasts.cleared);
    onClose();
  };

  const field = (name: VoiceSettingsField) => ({
    name,
    value: values[name],
    required: true,
    autoComplete: "off",
    spellCheck: false,
    error: missing.includes(name) ? copy.fieldRequired : undefined,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <VoiceDialog title={copy.title} onClose={onClose}>
      <p className="mt-2 text-sm text-ink-700">{copy.intro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-1">
        <InputField label={copy.apiKey} hint={copy.apiKeyHint} {...field("publicKey")} />
        <InputField label={copy.assistantId} {...field("assistantId")} />
        <p className="text-sm text-ink-600">{copy.storedNote}</p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          {settings.stored ? (
            <Button variant="ghost" size="sm" className="mr-auto" onClick={onClear}>
              {copy.clear}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onClose}>
            {copy.cancel}
          </Button>
          <Button type="submit" size="sm">
            {copy.save}
          </Button>
        </div>
      </form>
    </VoiceDialog>
  );
}
