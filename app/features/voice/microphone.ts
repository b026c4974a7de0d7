// Asks before a call (Daily would ask mid-join); the tracks stop at once, Daily opens its own.
export type MicrophoneResult = { ok: true } | { ok: false; reason: "denied" | "missing" | "unavailable" };

export type RequestMicrophone = () => Promise<MicrophoneResult>;

export async function requestMicrophone(
  mediaDevices: Pick<MediaDevices, "getUserMedia"> | undefined = globalThis.navigator?.mediaDevices,
): Promise<MicrophoneResult> {
  // No mediaDevices on an insecure (http) origin or in very old browsers.
  if (!mediaDevices?.getUserMedia) return { ok: false, reason: "unavailable" };
  try {
    const stream = await mediaDevices.getUserMedia({ audio: true });
    stream.getTracks().forEach((track) => track.stop());
    return { ok: true };
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : "";
    if (name === "NotAllowedError" || name === "SecurityError") return { ok: false, reason: "denied" };
    if (name === "NotFoundError" || name === "OverconstrainedError") return { ok: false, reason: "missing" };
    return { ok: false, reason: "unavailable" };
  }
}
