// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkVoiceSettings,
  giveVoiceConsent,
  hasVoiceConsent,
  resolveVoiceSettings,
  VOICE_ASSISTANT_ID_KEY,
  VOICE_CONSENT_KEY,
  VOICE_PUBLIC_KEY_KEY,
  voiceSettings,
} from "./voice-settings";

afterEach(() => {
  localStorage.clear();
  voiceSettings.resetForTests();
});

const none = { publicKey: "", assistantId: "" };

describe("voice settings", () => {
  it("requires both fields after trimming", () => {
    expect(checkVoiceSettings({ publicKey: " pk ", assistantId: "\tasst " })).toEqual({
      ok: true,
      value: { publicKey: "pk", assistantId: "asst" },
    });
    expect(checkVoiceSettings({ publicKey: "   ", assistantId: "asst" })).toEqual({
      ok: false,
      missing: ["publicKey"],
      invalidKey: false,
    });
    expect(checkVoiceSettings(none)).toEqual({ ok: false, missing: ["publicKey", "assistantId"], invalidKey: false });
  });

  it("takes a public key of visible ASCII only (it is a bearer token), and any assistant id", () => {
    for (const publicKey of ["pk åäö", "nyckel😀", "مفتاح", "pk\u00a0x", "a b"]) {
      expect(checkVoiceSettings({ publicKey, assistantId: "asst" })).toEqual({
        ok: false,
        missing: [],
        invalidKey: true,
      });
    }
    expect(checkVoiceSettings({ publicKey: "åäö", assistantId: " " })).toEqual({
      ok: false,
      missing: ["assistantId"],
      invalidKey: true,
    });
    expect(checkVoiceSettings({ publicKey: " javascript:x=1// ", assistantId: " <b>é\u0301 ✓</b> " })).toEqual({
      ok: true,
      value: { publicKey: "javascript:x=1//", assistantId: "<b>é\u0301 ✓</b>" },
    });
  });

  it("is unconfigured only with nothing stored and no built-in defaults", () => {
    expect(resolveVoiceSettings({}, none)).toEqual({ ...none, configured: false, stored: false });
    expect(resolveVoiceSettings({}, { publicKey: "pk", assistantId: "a" })).toMatchObject({
      configured: true,
      stored: false,
    });
    // Stored values win field by field; a blank stored value falls back to the default.
    expect(
      resolveVoiceSettings({ assistantId: "mine", publicKey: " " }, { publicKey: "pk", assistantId: "a" }),
    ).toEqual({
      publicKey: "pk",
      assistantId: "mine",
      configured: true,
      stored: true,
    });
  });

  it("saves each value under its own localStorage key and notifies", () => {
    const listener = vi.fn();
    voiceSettings.subscribe(listener);
    expect(voiceSettings.getSnapshot().configured).toBe(false);
    voiceSettings.save({ publicKey: "pk_1", assistantId: "asst_1" });
    expect(localStorage.getItem(VOICE_PUBLIC_KEY_KEY)).toBe("pk_1");
    expect(localStorage.getItem(VOICE_ASSISTANT_ID_KEY)).toBe("asst_1");
    expect(voiceSettings.getSnapshot()).toMatchObject({ publicKey: "pk_1", assistantId: "asst_1", configured: true });
    expect(listener).toHaveBeenCalledTimes(1);

    voiceSettings.resetForTests();
    expect(voiceSettings.getSnapshot()).toMatchObject({ publicKey: "pk_1", stored: true });
    voiceSettings.clear();
    expect(localStorage.getItem(VOICE_PUBLIC_KEY_KEY)).toBeNull();
    expect(voiceSettings.getSnapshot().configured).toBe(false);
  });

  it("gives a stable snapshot between changes and only defaults to prerendering", () => {
    localStorage.setItem(VOICE_PUBLIC_KEY_KEY, "pk_1");
    expect(voiceSettings.getSnapshot()).toBe(voiceSettings.getSnapshot());
    expect(voiceSettings.getServerSnapshot().stored).toBe(false);
  });

  it("keeps saved values for the page's life when storage is disabled", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    voiceSettings.save({ publicKey: "pk_1", assistantId: "asst_1" });
    expect(voiceSettings.getSnapshot()).toMatchObject({ publicKey: "pk_1", configured: true });
    giveVoiceConsent();
    expect(hasVoiceConsent()).toBe(true);
  });

  it("remembers the consent locally", () => {
    expect(hasVoiceConsent()).toBe(false);
    giveVoiceConsent(new Date("2026-03-04T10:00:00Z"));
    expect(localStorage.getItem(VOICE_CONSENT_KEY)).toBe("2026-03-04");
    voiceSettings.resetForTests();
    expect(hasVoiceConsent()).toBe(true);
  });
});
