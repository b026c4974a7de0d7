import type { Page, Request } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./chromium";
import { expect } from "./fixtures";

/**
 * What the voice browser tests share (voice.spec.ts, faults-voice.emailjs.spec.ts and the voice
 * cases elsewhere): stored settings, the routed Vapi API, the stand-in adapter chunk and the
 * checks that the widget is idle and usable again.
 */
export const PUBLIC_KEY = "pk_test_0123456789";
export const ASSISTANT_ID = "asst_test_abcdef";
export const START_FAILED = "Kunde inte starta samtal";
export const START_FAILED_TEXT = "Kontrollera att mikrofonen är tillgänglig och att konfigurationen är korrekt.";
export const VAPI_CALL = "https://api.vapi.ai/call/web";
/** The built adapter chunk (and the Vapi SDK in it), loaded on the first voice click. */
export const VOICE_CHUNK = /\/assets\/vapi-client-[\w-]+\.js$/;

/**
 * Launch options with a fake microphone, so granting the permission gives getUserMedia a device
 * to open. For `test.use` at the top of a file (it needs its own worker).
 */
export const fakeMicrophone = {
  launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, "--use-fake-device-for-media-stream"] },
};

export const voiceButton = (page: Page) => page.getByRole("button", { name: "Röstsamtal med Emma", exact: true });
export const statusPill = (page: Page) => page.getByRole("group", { name: "Röstsamtal" });
export const toastList = (page: Page) => page.getByRole("region", { name: /Aviseringar/ });
export const voiceToast = (page: Page, title: string) =>
  toastList(page).getByRole("listitem").filter({ hasText: title });

/** One earlier exchange with Emma, as sessionStorage holds it: a voice fault must not lose it. */
export const EARLIER_CONVERSATION = [
  { id: "m1", type: "user", text: "Vad kostar en röstassistent?", at: 1_700_000_000_000 },
  { id: "m2", type: "bot", text: "Det beror på omfattningen.", at: 1_700_000_001_000 },
];

/** Stored settings and the consent, as a returning visitor has them (plus an earlier conversation). */
export async function configured(page: Page, { consent = true, conversation = false } = {}) {
  await page.addInitScript(
    ({ key, id, consent, earlier }) => {
      localStorage.setItem("emma.voice.publicKey", key);
      localStorage.setItem("emma.voice.assistantId", id);
      if (consent) localStorage.setItem("emma.voice.consent", "2026-01-01");
      if (earlier && sessionStorage.getItem("emma.conversation.v1") === null)
        sessionStorage.setItem("emma.conversation.v1", JSON.stringify(earlier));
    },
    { key: PUBLIC_KEY, id: ASSISTANT_ID, consent, earlier: conversation ? EARLIER_CONVERSATION : null },
  );
}

/** Records every request to the Vapi API and answers each with `status` and `body`. */
export async function vapiApi(page: Page, status: number, body: unknown = { message: "nope" }) {
  const requests: Request[] = [];
  await page.route("https://api.vapi.ai/**", async (route) => {
    requests.push(route.request());
    await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  });
  return requests;
}

export const callPosts = (requests: Request[]) =>
  requests.filter((r) => r.method() === "POST" && r.url() === VAPI_CALL);

export async function expectStartFailedToast(page: Page, timeout = 5_000) {
  const toast = voiceToast(page, START_FAILED);
  await expect(toast).toBeVisible({ timeout });
  await expect(toast).toContainText(START_FAILED_TEXT);
}

/** Back to a usable idle widget: not pressed, not busy, no 'Ansluter…' anywhere. */
export async function expectVoiceIdle(page: Page) {
  await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");
  await expect(voiceButton(page)).not.toHaveAttribute("aria-busy");
  await expect(statusPill(page)).toBeHidden();
  await expect(page.getByText(/Ansluter…/)).toHaveCount(0);
  await expect(voiceButton(page)).toBeEnabled();
}

/** A start that failed as the spec says, and the widget usable again. */
export async function expectStartFailed(page: Page) {
  await expectStartFailedToast(page);
  await expectVoiceIdle(page);
}

/** The saved settings and the conversation (the earlier exchange, then `more`) are all still there. */
export async function expectNothingLost(page: Page, more: [type: string, text: string][] = []) {
  expect(
    await page.evaluate(() => [
      localStorage.getItem("emma.voice.publicKey"),
      localStorage.getItem("emma.voice.assistantId"),
    ]),
  ).toEqual([PUBLIC_KEY, ASSISTANT_ID]);
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("emma.conversation.v1") ?? "[]"));
  expect(stored.map((m: { type: string; text: string }) => [m.type, m.text])).toEqual([
    ...EARLIER_CONVERSATION.map((m) => [m.type, m.text]),
    ...more,
  ]);
}

/**
 * A stand-in for the adapter chunk (it exports createVapiClient like the real one), so a whole
 * call can be walked through in the browser: the real SDK cannot reach a call offline. The page
 * plays the platform with window.__voiceEmit; window.__voiceStarts counts start() calls.
 */
export const STAND_IN_CHUNK = `
const listeners = new Set();
window.__voiceEmit = (event) => listeners.forEach((l) => l(event));
window.__voiceStarts = 0;
export function createVapiClient(publicKey) {
  window.__voiceKey = publicKey;
  return {
    async start(assistantId) { window.__voiceStarts++; window.__voiceAssistant = assistantId; return { ok: true }; },
    async stop() { window.__voiceEmit({ type: "call-end" }); },
    setMuted(muted) { return muted; },
    subscribe(listener) { listeners.add(listener); return () => listeners.delete(listener); },
    destroy() { listeners.clear(); },
  };
}`;

/** Serves the stand-in in place of the real adapter chunk. */
export async function standInChunk(page: Page) {
  await page.route(VOICE_CHUNK, (route) => route.fulfill({ contentType: "text/javascript", body: STAND_IN_CHUNK }));
}

/** Plays an event from the platform through the stand-in. */
export async function emitVoiceEvent(page: Page, event: object) {
  await page.evaluate((e) => (window as { __voiceEmit?: (e: object) => void }).__voiceEmit?.(e), event);
}
