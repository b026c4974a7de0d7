// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { conversation } from "~/lib/conversation-store";
import { requestWidget } from "~/lib/widget-bus";
import type { MicrophoneResult } from "./microphone";
import { VoiceDownloadError, type StartResult, type VoiceClient, type VoiceEvent } from "./voice-client";
import { VOICE_ASSISTANT_ID_KEY, VOICE_CONSENT_KEY, VOICE_PUBLIC_KEY_KEY, voiceSettings } from "./voice-settings";
import { CONNECT_TIMEOUT_MS } from "./voice-state";
import { VoiceWidget } from "./voice-widget";

// Typing and toasts in jsdom take a few seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

/** A voice client the test drives by hand: every state is one emit away. */
class FakeVoiceClient implements VoiceClient {
  listeners = new Set<(event: VoiceEvent) => void>();
  micOff = false;
  nextStart: Promise<StartResult> = Promise.resolve({ ok: true });
  start = vi.fn((_assistantId: string) => this.nextStart);
  stop = vi.fn(async () => this.listeners.forEach((l) => l({ type: "call-end" })));
  setMuted = vi.fn((muted: boolean) => (this.micOff = muted));
  destroy = vi.fn();
  subscribe(listener: (event: VoiceEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  emit(event: VoiceEvent) {
    act(() => this.listeners.forEach((l) => l(event)));
  }
}

let client: FakeVoiceClient;
let services: {
  loadClient: ReturnType<typeof vi.fn<(key: string) => Promise<VoiceClient>>>;
  requestMicrophone: ReturnType<typeof vi.fn<() => Promise<MicrophoneResult>>>;
  prefetch: ReturnType<typeof vi.fn<() => void>>;
};

let reducedMotion = false;

beforeAll(() => {
  // jsdom has no modal dialogs, matchMedia or pointer capture (sonner's toasts use it).
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
  window.matchMedia = (query: string) =>
    ({
      matches: reducedMotion && query.includes("reduce"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }) as unknown as MediaQueryList;
});

beforeEach(() => {
  client = new FakeVoiceClient();
  services = {
    loadClient: vi.fn(async () => client),
    requestMicrophone: vi.fn(async () => ({ ok: true }) as const),
    prefetch: vi.fn<() => void>(),
  };
});

afterEach(() => {
  // Vitest runs without globals here, so Testing Library does not clean up by itself.
  cleanup();
  act(() => toast.dismiss());
  localStorage.clear();
  sessionStorage.clear();
  voiceSettings.resetForTests();
  conversation.resetForTests();
  reducedMotion = false;
  vi.useRealTimers();
});

function configure({ consent = true, assistantId = "asst_1" } = {}) {
  localStorage.setItem(VOICE_PUBLIC_KEY_KEY, "pk_1");
  if (assistantId) localStorage.setItem(VOICE_ASSISTANT_ID_KEY, assistantId);
  if (consent) localStorage.setItem(VOICE_CONSENT_KEY, "2026-01-01");
}

function renderWidget() {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter>
      <VoiceWidget services={services} />
      <Toaster />
    </MemoryRouter>,
  );
  return { user, ...view };
}

const callButton = () => screen.getByRole("button", { name: "Röstsamtal med Emma" });
const pill = () => screen.queryByRole("group", { name: "Röstsamtal" });
const muteButton = () => screen.getByRole("button", { name: "Stäng av mikrofonen" });

async function expectToast(title: string, description?: string) {
  const item = (await screen.findByText(title)).closest("li")!;
  if (description) expect(item).toHaveTextContent(description);
}

/** Configured, consented, and in a call with Emma listening. */
async function inCall() {
  configure();
  const view = renderWidget();
  await view.user.click(callButton());
  await waitFor(() => expect(client.start).toHaveBeenCalled());
  client.emit({ type: "call-start" });
  return view;
}

describe("voice widget, unconfigured", () => {
  it("opens 'Emma Röst Setup' and requires both fields after trimming", async () => {
    const { user } = renderWidget();
    const button = screen.getByRole("button", { name: "Konfigurera röstsamtal med Emma" });
    expect(button).toHaveAttribute("aria-haspopup", "dialog");
    expect(button).not.toHaveAttribute("aria-pressed");
    await user.click(button);
    const dialog = screen.getByRole("dialog", { name: "Emma Röst Setup" });
    await user.type(within(dialog).getByLabelText("Assistant ID"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Spara" }));
    await expectToast("Obligatoriska fält", "Både API-nyckel och Assistant ID krävs.");
    expect(within(dialog).getByLabelText("Publik API-nyckel")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("Assistant ID")).toHaveAttribute("aria-invalid", "true");
    expect(localStorage.length).toBe(0);
    expect(services.loadClient).not.toHaveBeenCalled();
  });

  it("refuses a public key that cannot go into an HTTP header, saying why; the assistant id is free text", async () => {
    const { user } = renderWidget();
    await user.click(screen.getByRole("button", { name: "Konfigurera röstsamtal med Emma" }));
    const dialog = screen.getByRole("dialog", { name: "Emma Röst Setup" });
    const key = within(dialog).getByLabelText("Publik API-nyckel");
    await user.type(key, "pk åäö");
    await user.type(within(dialog).getByLabelText("Assistant ID"), " Emma – röst ");
    await user.click(within(dialog).getByRole("button", { name: "Spara" }));
    const reason = "Nyckeln kan bara innehålla tecknen A–Z, a–z, 0–9 och skiljetecken, utan mellanslag.";
    await expectToast("Ogiltig API-nyckel", reason);
    expect(key).toHaveAttribute("aria-invalid", "true");
    expect(key).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(within(dialog).getByLabelText("Assistant ID")).not.toHaveAttribute("aria-invalid");
    expect(localStorage.length).toBe(0);

    await user.clear(key);
    await user.type(key, "pk_ok-123");
    await user.click(within(dialog).getByRole("button", { name: "Spara" }));
    await expectToast("Konfiguration sparad! ✅");
    expect(localStorage.getItem(VOICE_PUBLIC_KEY_KEY)).toBe("pk_ok-123");
    expect(localStorage.getItem(VOICE_ASSISTANT_ID_KEY)).toBe("Emma – röst");
  });

  it("saves each value under its own key, trimmed, and becomes the call button", async () => {
    const { user } = renderWidget();
    await user.click(screen.getByRole("button", { name: "Konfigurera röstsamtal med Emma" }));
    const dialog = screen.getByRole("dialog", { name: "Emma Röst Setup" });
    await user.click(within(dialog).getByRole("button", { name: "Spara" }));
    await expectToast("Obligatoriska fält");
    await user.type(within(dialog).getByLabelText("Publik API-nyckel"), "  pk_new ");
    await user.type(within(dialog).getByLabelText("Assistant ID"), "asst_new");
    await user.click(within(dialog).getByRole("button", { name: "Spara" }));
    await expectToast("Konfiguration sparad! ✅");
    // The success replaces the error toast, with nothing of it left.
    expect(screen.queryByText("Obligatoriska fält")).not.toBeInTheDocument();
    expect(screen.queryByText("Både API-nyckel och Assistant ID krävs.")).not.toBeInTheDocument();
    expect(localStorage.getItem(VOICE_PUBLIC_KEY_KEY)).toBe("pk_new");
    expect(localStorage.getItem(VOICE_ASSISTANT_ID_KEY)).toBe("asst_new");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(callButton()).toHaveAttribute("aria-pressed", "false");
  });

  it("is opened by the landing page's voice service card, and does not prefetch the SDK", async () => {
    const { user } = renderWidget();
    await user.hover(screen.getByRole("button", { name: "Konfigurera röstsamtal med Emma" }));
    expect(services.prefetch).not.toHaveBeenCalled();
    act(() => requestWidget("voice"));
    expect(screen.getByRole("dialog", { name: "Emma Röst Setup" })).toBeInTheDocument();
    // Cancel closes it without saving.
    await user.click(screen.getByRole("button", { name: "Avbryt" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });
});

describe("voice widget, configured", () => {
  it("asks for consent once before the first call, with a link to the privacy policy", async () => {
    configure({ consent: false });
    const { user } = renderWidget();
    await user.click(callButton());
    let dialog = screen.getByRole("dialog", { name: "Innan du pratar med Emma" });
    expect(dialog).toHaveTextContent(/mikrofon/);
    expect(dialog).toHaveTextContent(/AI-tjänst/);
    expect(within(dialog).getByRole("link", { name: "Läs mer i vår integritetspolicy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await user.click(within(dialog).getByRole("button", { name: "Avbryt" }));
    expect(services.requestMicrophone).not.toHaveBeenCalled();
    expect(localStorage.getItem(VOICE_CONSENT_KEY)).toBeNull();

    await user.click(callButton());
    dialog = screen.getByRole("dialog", { name: "Innan du pratar med Emma" });
    await user.click(within(dialog).getByRole("button", { name: "Jag förstår – starta samtalet" }));
    await waitFor(() => expect(client.start).toHaveBeenCalledWith("asst_1"));
    expect(localStorage.getItem(VOICE_CONSENT_KEY)).not.toBeNull();

    client.emit({ type: "call-start" });
    await user.click(callButton());
    await user.click(callButton());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(client.start).toHaveBeenCalledTimes(2));
  });

  it("loads nothing on hover or focus; the click that asks for consent prefetches the SDK", async () => {
    configure({ consent: false });
    const { user } = renderWidget();
    await user.hover(callButton());
    await user.unhover(callButton());
    await user.tab();
    expect(callButton()).toHaveFocus();
    expect(services.prefetch).not.toHaveBeenCalled();
    await user.click(callButton());
    expect(screen.getByRole("dialog", { name: "Innan du pratar med Emma" })).toBeInTheDocument();
    expect(services.prefetch).toHaveBeenCalledTimes(1);
    expect(services.loadClient).not.toHaveBeenCalled();
  });

  it("connects (busy, progress shown), then is in a call with Emma listening", async () => {
    configure();
    let resolveStart!: (result: StartResult) => void;
    client.nextStart = new Promise((resolve) => (resolveStart = resolve));
    const { user } = renderWidget();
    await user.click(callButton());
    expect(callButton()).toHaveAttribute("aria-pressed", "true");
    expect(callButton()).toHaveAttribute("aria-busy", "true");
    expect(pill()).toHaveTextContent("Ansluter…");
    expect(screen.getByRole("status")).toHaveTextContent("Ansluter…");
    expect(services.requestMicrophone).toHaveBeenCalled();
    expect(services.loadClient).toHaveBeenCalledWith("pk_1");
    await waitFor(() => expect(client.start).toHaveBeenCalledWith("asst_1"));

    client.emit({ type: "progress", stage: "joining" });
    expect(pill()).toHaveTextContent("Ansluter… (kopplar upp samtalet)");
    await act(async () => resolveStart({ ok: true }));
    expect(callButton()).toHaveAttribute("aria-busy", "true");

    client.emit({ type: "call-start" });
    await expectToast("Emma är nu online! 🎙️");
    expect(callButton()).toHaveAttribute("aria-pressed", "true");
    expect(callButton()).not.toHaveAttribute("aria-busy");
    expect(pill()).toHaveTextContent("Emma lyssnar");
    expect(screen.getByRole("status")).toHaveTextContent("Samtalet pågår");
    expect(muteButton()).toHaveAttribute("aria-pressed", "false");
    // No settings while a call is on.
    expect(screen.queryByRole("button", { name: "Röstinställningar" })).not.toBeInTheDocument();
  });

  it("shows Emma speaking and listening, and her volume", async () => {
    await inCall();
    client.emit({ type: "speech-start" });
    expect(pill()).toHaveTextContent("Emma pratar");
    client.emit({ type: "volume", level: 1 });
    const bars = [...screen.getByTestId("volume-meter").children] as HTMLElement[];
    expect(bars.map((b) => b.style.height)).toEqual(["18px", "20px", "20px", "20px", "18px"]);
    client.emit({ type: "speech-end" });
    expect(pill()).toHaveTextContent("Emma lyssnar");
  });

  it("keeps the volume bars still under reduced motion", async () => {
    reducedMotion = true;
    await inCall();
    client.emit({ type: "volume", level: 1 });
    const bars = [...screen.getByTestId("volume-meter").children] as HTMLElement[];
    expect(new Set(bars.map((b) => b.style.height))).toEqual(new Set(["0.75rem"]));
  });

  it("toggles the microphone and stays truthful when the SDK re-enables it", async () => {
    const { user } = await inCall();
    await user.click(muteButton());
    expect(client.setMuted).toHaveBeenCalledWith(true);
    expect(muteButton()).toHaveAttribute("aria-pressed", "true");
    // Noise cancellation failed: the SDK turned the microphone back on by itself.
    client.emit({ type: "muted", muted: false });
    expect(muteButton()).toHaveAttribute("aria-pressed", "false");
  });

  it("writes the call's final transcripts into Emma's conversation, marked as spoken", async () => {
    await inCall();
    client.emit({ type: "transcript", role: "assistant", text: "Hej! Jag heter Emma." });
    client.emit({ type: "transcript", role: "user", text: "Vad kostar en röstagent?" });
    expect(conversation.getSnapshot().map(({ type, text, via }) => ({ type, text, via }))).toEqual([
      { type: "bot", text: "Hej! Jag heter Emma.", via: "voice" },
      { type: "user", text: "Vad kostar en röstagent?", via: "voice" },
    ]);
  });

  it("ends the call on a second click: 'Samtalet avslutat', everything reset", async () => {
    const { user } = await inCall();
    client.emit({ type: "speech-start" });
    await user.click(muteButton());
    await user.click(callButton());
    expect(client.stop).toHaveBeenCalledTimes(1);
    await expectToast("Samtalet avslutat");
    expect(callButton()).toHaveAttribute("aria-pressed", "false");
    expect(pill()).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("resets when the other side ends the call, and ignores the stray events after it", async () => {
    await inCall();
    client.emit({ type: "call-end" });
    await expectToast("Samtalet avslutat");
    expect(pill()).not.toBeInTheDocument();
    client.emit({ type: "speech-start" });
    client.emit({ type: "volume", level: 1 });
    client.emit({ type: "call-start" });
    client.emit({ type: "error", kind: "call-error" });
    expect(pill()).not.toBeInTheDocument();
    expect(callButton()).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByText("Något gick fel")).not.toBeInTheDocument();
  });

  it("cancels a connection attempt on a second click", async () => {
    configure();
    client.nextStart = new Promise(() => {});
    const { user } = renderWidget();
    await user.click(callButton());
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    await user.click(callButton());
    expect(client.stop).toHaveBeenCalled();
    expect(callButton()).toHaveAttribute("aria-pressed", "false");
    expect(pill()).not.toBeInTheDocument();
  });

  it("never stays stuck in 'connecting'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    configure();
    client.nextStart = new Promise(() => {});
    const { user } = renderWidget();
    await user.click(callButton());
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    act(() => vi.advanceTimersByTime(CONNECT_TIMEOUT_MS + 1));
    await expectToast(
      "Kunde inte starta samtal",
      "Kontrollera att mikrofonen är tillgänglig och att konfigurationen är korrekt.",
    );
    expect(client.stop).toHaveBeenCalled();
    expect(callButton()).toHaveAttribute("aria-pressed", "false");
  });

  it("acts on the service card like a click, but never ends a call with it", async () => {
    await inCall();
    act(() => requestWidget("voice"));
    expect(client.stop).not.toHaveBeenCalled();
    expect(callButton()).toHaveAttribute("aria-pressed", "true");
    client.emit({ type: "call-end" });
    act(() => requestWidget("voice"));
    await waitFor(() => expect(client.start).toHaveBeenCalledTimes(2));
  });

  it("changes or clears the saved settings from the settings button", async () => {
    configure();
    const { user } = renderWidget();
    await user.click(screen.getByRole("button", { name: "Röstinställningar" }));
    const dialog = screen.getByRole("dialog", { name: "Emma Röst Setup" });
    expect(within(dialog).getByLabelText("Publik API-nyckel")).toHaveValue("pk_1");
    expect(within(dialog).getByLabelText("Assistant ID")).toHaveValue("asst_1");
    await user.click(within(dialog).getByRole("button", { name: "Rensa sparade uppgifter" }));
    await expectToast("Röstinställningarna är rensade");
    expect(localStorage.getItem(VOICE_PUBLIC_KEY_KEY)).toBeNull();
    expect(localStorage.getItem(VOICE_ASSISTANT_ID_KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "Konfigurera röstsamtal med Emma" })).toBeInTheDocument();
  });

  it("ends the call and removes every listener on unmount", async () => {
    const { unmount } = await inCall();
    expect(client.listeners.size).toBe(1);
    unmount();
    expect(client.destroy).toHaveBeenCalled();
    expect(client.listeners.size).toBe(0);
  });
});

describe("voice widget, errors", () => {
  it("'Konfiguration saknas' without an assistant id, with a way to the settings", async () => {
    configure({ assistantId: "" });
    const { user } = renderWidget();
    await user.click(callButton());
    await expectToast("Konfiguration saknas", "Konfigurera Vapi först innan du startar ett samtal.");
    expect(services.loadClient).not.toHaveBeenCalled();
    expect(services.requestMicrophone).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Öppna inställningar" }));
    expect(screen.getByRole("dialog", { name: "Emma Röst Setup" })).toBeInTheDocument();
  });

  it.each([
    {
      failure: "cannot be downloaded",
      error: new VoiceDownloadError("the voice SDK could not be downloaded"),
      title: "Kunde inte ladda röstassistenten",
      description: "Kontrollera din internetanslutning och försök igen.",
    },
    {
      failure: "cannot be set up",
      error: new TypeError("Vapi is not a constructor"),
      title: "Konfigurationsfel",
      description: "Kontrollera din API-nyckel och försök igen.",
    },
  ])("'$title' when the SDK $failure, and tries again next time", async ({ error, title, description }) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    configure();
    services.loadClient.mockRejectedValueOnce(error);
    const { user } = renderWidget();
    await user.click(callButton());
    await expectToast(title, description);
    expect(callButton()).toHaveAttribute("aria-pressed", "false");
    await user.click(callButton());
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    expect(services.loadClient).toHaveBeenCalledTimes(2);
  });

  it("'Kunde inte starta samtal' when the microphone is denied, without starting the call", async () => {
    configure();
    services.requestMicrophone.mockResolvedValue({ ok: false, reason: "denied" });
    const { user } = renderWidget();
    await user.click(callButton());
    await expectToast(
      "Kunde inte starta samtal",
      "Kontrollera att mikrofonen är tillgänglig och att konfigurationen är korrekt.",
    );
    expect(client.start).not.toHaveBeenCalled();
    expect(callButton()).toHaveAttribute("aria-pressed", "false");

    // Allowed the next time: the call's toast replaces the error entirely.
    services.requestMicrophone.mockResolvedValue({ ok: true });
    await user.click(callButton());
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    client.emit({ type: "call-start" });
    await expectToast("Emma är nu online! 🎙️");
    expect(screen.queryByText("Kunde inte starta samtal")).not.toBeInTheDocument();
    expect(screen.queryByText(/Kontrollera att mikrofonen/)).not.toBeInTheDocument();
  });

  it("'Kunde inte starta samtal' when the start fails", async () => {
    configure();
    client.nextStart = Promise.resolve({ ok: false, error: "start-failed" });
    const { user } = renderWidget();
    await user.click(callButton());
    await expectToast(
      "Kunde inte starta samtal",
      "Kontrollera att mikrofonen är tillgänglig och att konfigurationen är korrekt.",
    );
    expect(callButton()).toHaveAttribute("aria-pressed", "false");
    expect(pill()).not.toBeInTheDocument();
  });

  it("'Kunde inte starta samtal' when the call goes away before Emma listens", async () => {
    configure();
    const { user } = renderWidget();
    await user.click(callButton());
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    client.emit({ type: "call-end" });
    await expectToast("Kunde inte starta samtal");
    expect(callButton()).toHaveAttribute("aria-pressed", "false");
  });

  it("'Något gick fel' for an SDK error during the call", async () => {
    await inCall();
    client.emit({ type: "error", kind: "call-error" });
    await expectToast("Något gick fel", "Det uppstod ett problem med röstassistenten.");
  });
});
