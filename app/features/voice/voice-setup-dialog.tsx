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
  const [errors, setErrors] = useState<Partial<Record<VoiceSettingsField, string>>>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkVoiceSettings(values);
    if (!check.ok) {
      const next: Partial<Record<VoiceSettingsField, string>> = {};
      for (const name of check.missing) next[name] = copy.fieldRequired;
      if (check.invalidKey) next.publicKey = copy.apiKeyInvalid.description;
      setErrors(next);
      // A missing field is the spec's toast; a key that cannot be sent says why.
      const { title, description } = check.missing.length > 0 ? copy.required : copy.apiKeyInvalid;
      replaceToast("error", "voice-setup", title, { description });
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
    error: errors[name],
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
