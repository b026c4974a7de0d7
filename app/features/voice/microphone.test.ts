import { describe, expect, it, vi } from "vitest";
import { requestMicrophone } from "./microphone";

const failing = (name: string) => ({ getUserMedia: vi.fn().mockRejectedValue(new DOMException("no", name)) });

describe("requestMicrophone", () => {
  it("asks for audio only and stops the tracks it got (Daily opens its own)", async () => {
    const track = { stop: vi.fn() };
    const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [track, track] });
    await expect(requestMicrophone({ getUserMedia })).resolves.toEqual({ ok: true });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(track.stop).toHaveBeenCalledTimes(2);
  });

  it("maps a refused permission and a missing device", async () => {
    await expect(requestMicrophone(failing("NotAllowedError"))).resolves.toEqual({ ok: false, reason: "denied" });
    await expect(requestMicrophone(failing("SecurityError"))).resolves.toEqual({ ok: false, reason: "denied" });
    await expect(requestMicrophone(failing("NotFoundError"))).resolves.toEqual({ ok: false, reason: "missing" });
    await expect(requestMicrophone(failing("NotReadableError"))).resolves.toEqual({ ok: false, reason: "unavailable" });
  });

  it("fails cleanly without mediaDevices (an insecure origin)", async () => {
    await expect(requestMicrophone(undefined)).resolves.toEqual({ ok: false, reason: "unavailable" });
  });
});
