import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { voiceCopy } from "~/content/voice";
import { onWidgetRequest } from "~/lib/widget-bus";
import { loadVapiClient, prefetchVapiClient } from "./load-voice-client";
import { requestMicrophone } from "./microphone";
import { useVoiceCall, type VoiceServices } from "./use-voice-call";
import { VoiceButton } from "./voice-button";
import { VoiceConsentDialog } from "./voice-consent-dialog";
import { giveVoiceConsent, hasVoiceConsent, voiceSettings } from "./voice-settings";
import { VoiceSetupDialog } from "./voice-setup-dialog";
import { VoiceStatus } from "./voice-status";
import { showVoiceNotice } from "./voice-toasts";

const realServices: VoiceServices & { prefetch: () => void } = {
  loadClient: loadVapiClient,
  requestMicrophone: () => requestMicrophone(),
  prefetch: prefetchVapiClient,
};

interface VoiceWidgetProps {
  /** The voice client and microphone; tests pass fakes. */
  services?: VoiceServices & { prefetch?: () => void };
}

/** Emma by voice (spec §2): button, status pill and dialogs; the voice service card asks on the widget bus. */
export function VoiceWidget({ services = realServices }: VoiceWidgetProps) {
  const settings = useSyncExternalStore(
    voiceSettings.subscribe,
    voiceSettings.getSnapshot,
    voiceSettings.getServerSnapshot,
  );
  const [dialog, setDialog] = useState<"setup" | "consent" | null>(null);
  const openSettings = useCallback(() => setDialog("setup"), []);
  const onNotice = useCallback(
    (notice: Parameters<typeof showVoiceNotice>[0]) => showVoiceNotice(notice, openSettings),
    [openSettings],
  );
  const { call, state } = useVoiceCall(services, onNotice);
  const { phase } = state;

  const onClick = useCallback(() => {
    if (call.getSnapshot().phase !== "idle") return void call.stop();
    if (!voiceSettings.getSnapshot().configured) return setDialog("setup");
    if (!hasVoiceConsent()) {
      // The SDK downloads while the visitor reads the consent; not on hover or focus: no voice code
      // before the first voice click (issue 7).
      services.prefetch?.();
      return setDialog("consent");
    }
    void call.start(voiceSettings.getSnapshot());
  }, [call, services]);

  // The service card clicks the button, but never ends a call: its label invites to talk.
  useEffect(
    () => onWidgetRequest("voice", () => (call.getSnapshot().phase === "idle" ? onClick() : undefined)),
    [call, onClick],
  );

  // One element around it all, so the widget can be a page part of its own (app/lib/page-part.tsx).
  return (
    <div>
      <VoiceButton configured={settings.configured} phase={phase} onClick={onClick} onOpenSettings={openSettings} />
      <VoiceStatus state={state} onToggleMute={call.toggleMute} />
      <p role="status" className="sr-only">
        {phase === "connecting" ? voiceCopy.status.connecting : phase === "in-call" ? voiceCopy.status.inCall : ""}
      </p>
      {dialog === "setup" ? <VoiceSetupDialog settings={settings} onClose={() => setDialog(null)} /> : null}
      {dialog === "consent" ? (
        <VoiceConsentDialog
          onClose={() => setDialog(null)}
          onAccept={() => {
            giveVoiceConsent();
            setDialog(null);
            void call.start(voiceSettings.getSnapshot());
          }}
        />
      ) : null}
    </div>
  );
}
