/** Swedish copy of Emma by voice; error toasts are keyed by the widget's error kinds. */
export interface VoiceToastCopy {
  title: string;
  description: string;
}

/** Where a connection attempt is, as shown in the status pill while connecting. */
export type VoiceConnectStage = "loading" | "microphone" | "creating" | "joining" | "waiting";

export const voiceCopy = {
  button: {
    /** The button's name once configured (a toggle: pressed while a call is on). */
    call: "Röstsamtal med Emma",
    /** The button's name before configuration: it opens the setup dialog. */
    setup: "Konfigurera röstsamtal med Emma",
    /** Tooltips that say what a click does now. */
    startHint: "Starta röstsamtal med Emma",
    endHint: "Avsluta samtalet",
    cancelHint: "Avbryt anslutningen",
    settings: "Röstinställningar",
  },
  status: {
    label: "Röstsamtal",
    connecting: "Ansluter…",
    speaking: "Emma pratar",
    listening: "Emma lyssnar",
    inCall: "Samtalet pågår",
  },
  /** What 'Ansluter…' waits for at each stage, shown in brackets after it (null: nothing to add). */
  stageDetails: {
    loading: "laddar röstassistenten",
    microphone: "väntar på mikrofonen",
    creating: null,
    joining: "kopplar upp samtalet",
    waiting: "väntar på Emma",
  } satisfies Record<VoiceConnectStage, string | null>,
  mute: {
    /** A toggle: pressed while the microphone is off. */
    label: "Stäng av mikrofonen",
    mutedNote: "Mikrofonen är avstängd",
  },
  toasts: {
    online: "Emma är nu online! 🎙️",
    ended: "Samtalet avslutat",
    saved: "Konfiguration sparad! ✅",
    cleared: "Röstinställningarna är rensade",
    openSettings: "Öppna inställningar",
  },
  errors: {
    "not-configured": {
      title: "Konfiguration saknas",
      description: "Konfigurera Vapi först innan du startar ett samtal.",
    },
    // Not in the spec's catalogue: 'Konfigurationsfel' (check your API key) would send the visitor
    // after the wrong thing when it is the connection that failed.
    "download-failed": {
      title: "Kunde inte ladda röstassistenten",
      description: "Kontrollera din internetanslutning och försök igen.",
    },
    "load-failed": {
      title: "Konfigurationsfel",
      description: "Kontrollera din API-nyckel och försök igen.",
    },
    "start-failed": {
      title: "Kunde inte starta samtal",
      description: "Kontrollera att mikrofonen är tillgänglig och att konfigurationen är korrekt.",
    },
    microphone: {
      title: "Kunde inte starta samtal",
      description: "Kontrollera att mikrofonen är tillgänglig och att konfigurationen är korrekt.",
    },
    "call-error": {
      title: "Något gick fel",
      description: "Det uppstod ett problem med röstassistenten.",
    },
  } satisfies Record<string, VoiceToastCopy>,
  setup: {
    title: "Emma Röst Setup",
    intro: "Ange den publika API-nyckeln och assistentens ID från Vapi för att kunna prata med Emma.",
    apiKey: "Publik API-nyckel",
    apiKeyHint: "Den publika nyckeln, aldrig den privata.",
    assistantId: "Assistant ID",
    storedNote: "Uppgifterna sparas bara i den här webbläsaren.",
    fieldRequired: "Obligatoriskt fält",
    required: {
      title: "Obligatoriska fält",
      description: "Både API-nyckel och Assistant ID krävs.",
    },
    /** The key goes into an HTTP header: visible ASCII only (voice-settings.ts). */
    apiKeyInvalid: {
      title: "Ogiltig API-nyckel",
      description: "Nyckeln kan bara innehålla tecknen A–Z, a–z, 0–9 och skiljetecken, utan mellanslag.",
    },
    save: "Spara",
    cancel: "Avbryt",
    clear: "Rensa sparade uppgifter",
  },
  consent: {
    title: "Innan du pratar med Emma",
    text:
      "Röstsamtalet använder din mikrofon. Det du säger behandlas av en AI-tjänst (Vapi) så att Emma kan " +
      "svara, och samtalets text visas i chatten med Emma.",
    privacyLink: "Läs mer i vår integritetspolicy",
    privacyHref: "/privacy-policy",
    accept: "Jag förstår – starta samtalet",
    cancel: "Avbryt",
  },
} as const;
