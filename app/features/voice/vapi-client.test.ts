import { afterEach, describe, expect, it, vi } from "vitest";
import type { VoiceEvent } from "./voice-client";
import { createVapiClient, finalTranscript, toolSource } from "./vapi-client";

// A stand-in for @vapi-ai/web 2.7.1 with the sharp edges the adapter must cope with (decision 011).
const fake = vi.hoisted(() => ({ instances: [] as FakeVapi[] }));
type FakeVapi = import("node:events").EventEmitter & {
  args: unknown[];
  call: object | null;
  micOff: boolean;
  startImpl: (assistant: unknown) => Promise<unknown>;
  start: ReturnType<typeof vi.fn>;
  stop: ReturnType<typeof vi.fn>;
  setMuted: ReturnType<typeof vi.fn>;
  isMuted: ReturnType<typeof vi.fn>;
};

vi.mock("@vapi-ai/web", async () => {
  const { EventEmitter } = await import("node:events");
  class Vapi extends EventEmitter {
    args: unknown[];
    call: object | null = null;
    micOff = false;
    startImpl = async (_assistant: unknown): Promise<unknown> => {
      this.emit("call-start-progress", { stage: "initialization", status: "started" });
      this.emit("call-start-progress", { stage: "web-call-creation", status: "started" });
      this.emit("call-start-progress", { stage: "daily-call-join", status: "started" });
      this.call = {};
      return { id: "call_1", webCallUrl: "https://x.daily.co/r" };
    };
    start = vi.fn((assistant: unknown) => this.startImpl(assistant));
    stop = vi.fn(async () => {
      this.call = null;
    });
    setMuted = vi.fn((mute: boolean) => {
      if (!this.call) throw new Error("Call object is not available.");
      this.micOff = mute;
    });
    isMuted = vi.fn(() => (this.call ? this.micOff : false));
    constructor(...args: unknown[]) {
      super();
      this.args = args;
      fake.instances.push(this as unknown as FakeVapi);
    }
  }
  return { default: Vapi };
});

afterEach(() => {
  fake.instances.length = 0;
});

function setup() {
  const client = createVapiClient("pk_123");
  const sdk = fake.instances.at(-1)!;
  const events: VoiceEvent[] = [];
  client.subscribe((e) => events.push(e));
  return { client, sdk, events };
}

async function live() {
  const t = setup();
  await t.client.start("asst_1");
  t.sdk.emit("call-start");
  t.events.length = 0;
  return t;
}

/** A promise with its resolve function, for a start that is still running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("vapi client adapter", () => {
  it("creates the SDK with the public key, the default host and Daily's avoidEval", () => {
    const { sdk } = setup();
    expect(sdk.args).toEqual(["pk_123", undefined, { avoidEval: true }]);
  });

  it("has an error listener before the first start, so a failed start cannot throw 'Unhandled error'", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sdk, events } = setup();
    expect(sdk.listenerCount("error")).toBeGreaterThan(0);
    sdk.startImpl = async () => {
      sdk.emit("call-start-failed", { stage: "unknown", error: "401" });
      sdk.emit("error", { type: "start-method-error" });
      return null;
    };
    await expect(client.start("asst_1")).resolves.toEqual({ ok: false, error: "start-failed" });
    expect(events.filter((e) => e.type === "error")).toEqual([]);
  });

  it("passes the assistant id to start()", async () => {
    const { client, sdk } = setup();
    await client.start("asst_1");
    expect(sdk.start).toHaveBeenCalledWith("asst_1");
  });

  it("treats a start that rejects (missing assistant) as a failed start", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { client, sdk } = setup();
    sdk.startImpl = () => Promise.reject(new Error("Assistant or Squad or Workflow must be provided."));
    await expect(client.start("")).resolves.toEqual({ ok: false, error: "start-failed" });
    // Not stuck: the next start goes to the SDK again.
    sdk.startImpl = async () => ({ id: "call_2" });
    await expect(client.start("asst_1")).resolves.toEqual({ ok: true });
    expect(sdk.start).toHaveBeenCalledTimes(2);
  });

  it("reports the connection stages once each, then waits for the platform's call-start", async () => {
    const { client, sdk, events } = setup();
    await expect(client.start("asst_1")).resolves.toEqual({ ok: true });
    expect(events).toEqual([
      { type: "progress", stage: "creating" },
      { type: "progress", stage: "joining" },
      { type: "progress", stage: "waiting" },
    ]);
    // start() resolving is not the call: only the SDK's call-start ('listening') is.
    sdk.emit("call-start");
    expect(events.at(-1)).toEqual({ type: "call-start" });
  });

  it("forwards speech, volume and final transcripts during the call", async () => {
    const { sdk, events } = await live();
    sdk.emit("speech-start");
    sdk.emit("volume-level", 0.5);
    sdk.emit("volume-level", 3);
    sdk.emit("message", { type: "transcript", role: "user", transcriptType: "partial", transcript: "Hej" });
    sdk.emit("message", { type: "transcript", role: "user", transcriptType: "final", transcript: " Hej Emma " });
    sdk.emit("message", { type: "status-update", status: "in-progress" });
    sdk.emit("speech-end");
    expect(events).toEqual([
      { type: "speech-start" },
      { type: "volume", level: 0.5 },
      { type: "volume", level: 1 },
      { type: "transcript", role: "user", text: "Hej Emma" },
      { type: "speech-end" },
    ]);
  });

  it("links the page Emma's search answered from after the turn she speaks it in", async () => {
    const { client, sdk, events } = await live();
    // As Vapi forwards the server's result to the client (clientMessages: tool-calls-result).
    const found = (title: string, href: string) => ({
      type: "tool-calls-result",
      toolCallResult: {
        name: "sok_pa_webbplatsen",
        toolCallId: "call_a",
        result: "Enligt sidan …",
        metadata: { title, href },
      },
    });
    sdk.emit("message", { type: "transcript", role: "user", transcriptType: "final", transcript: "Var finns ni?" });
    sdk.emit("message", found("Kontakt", "/#contact"));
    sdk.emit("message", {
      type: "tool-calls-result",
      toolCallResult: { name: "spara_kontaktuppgifter", result: "Tack!" },
    });
    sdk.emit("message", { type: "transcript", role: "assistant", transcriptType: "final", transcript: "I Stockholm." });
    sdk.emit("message", { type: "transcript", role: "assistant", transcriptType: "final", transcript: "Något mer?" });
    // A link not yet spoken about when the call ends still reaches the conversation, before the end.
    sdk.emit("message", found("Om oss", "/om-oss"));
    await client.stop();
    expect(events).toEqual([
      { type: "transcript", role: "user", text: "Var finns ni?" },
      { type: "transcript", role: "assistant", text: "I Stockholm." },
      { type: "link", text: "[Läs mer: Kontakt](/#contact)" },
      { type: "transcript", role: "assistant", text: "Något mer?" },
      { type: "link", text: "[Läs mer: Om oss](/om-oss)" },
      { type: "call-end" },
    ]);
  });

  it("ends once on stop() and drops the SDK's stray events after it", async () => {
    const { client, sdk, events } = await live();
    await client.stop();
    expect(sdk.stop).toHaveBeenCalled();
    // The SDK's end-of-speech timer and its left-meeting handler fire after stop().
    sdk.emit("speech-end");
    sdk.emit("speech-start");
    sdk.emit("volume-level", 0.7);
    sdk.emit("call-end");
    sdk.emit("message", { type: "status-update", status: "ended", endedReason: "customer-ended-call" });
    sdk.emit("message", { type: "transcript", role: "assistant", transcriptType: "final", transcript: "Hej då" });
    sdk.emit("error", { type: "daily-error" });
    expect(events).toEqual([{ type: "call-end" }]);
  });

  it("reports a call ended by the other side once", async () => {
    const { sdk, events } = await live();
    sdk.emit("call-end");
    sdk.emit("call-end");
    sdk.emit("speech-end");
    expect(events).toEqual([{ type: "call-end" }]);
  });

  it("never calls the SDK's setMuted without a call, and says what the microphone really is", async () => {
    const { client, sdk } = setup();
    expect(client.setMuted(true)).toBe(false);
    expect(sdk.setMuted).not.toHaveBeenCalled();

    await client.start("asst_1");
    sdk.emit("call-start");
    expect(client.setMuted(true)).toBe(true);
    expect(client.setMuted(false)).toBe(false);

    // The call object went away under us: the SDK throws, the adapter does not.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    sdk.call = null;
    expect(() => client.setMuted(true)).not.toThrow();
  });

  it("keeps the mute button truthful when the SDK re-enables the microphone after a noise-cancellation failure", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sdk, events } = await live();
    client.setMuted(true);
    // Daily's audio-processor-error: the SDK switches the processor off and calls setLocalAudio(true).
    sdk.micOff = false;
    sdk.emit("daily-participant-updated", { local: true });
    expect(events).toEqual([{ type: "muted", muted: false }]);
    // Remote participants' updates and unchanged state say nothing.
    sdk.emit("daily-participant-updated", { local: false });
    sdk.emit("daily-participant-updated", { local: true });
    expect(events).toHaveLength(1);
    // A failed recovery is survived too: logged, the microphone re-read, no alarm.
    client.setMuted(true);
    sdk.micOff = false;
    sdk.emit("error", { type: "audio-processor-recovery-error" });
    expect(events).toEqual([
      { type: "muted", muted: false },
      { type: "muted", muted: false },
    ]);
  });

  it("reports other SDK errors during the call as call errors", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { sdk, events } = await live();
    sdk.emit("error", { type: "daily-error", error: { message: "ejected" } });
    sdk.emit("error", "something");
    expect(events).toEqual([
      { type: "error", kind: "call-error" },
      { type: "error", kind: "call-error" },
    ]);
  });

  it("stops a start that is still running, and ends the call it joins late", async () => {
    const { client, sdk, events } = setup();
    const joining = deferred<unknown>();
    sdk.startImpl = () => joining.promise;
    const result = client.start("asst_1");
    await Promise.resolve();
    await client.stop();
    expect(events).toEqual([{ type: "call-end" }]);
    expect(sdk.stop).toHaveBeenCalledTimes(1);
    // The SDK never checks for cancellation: its start goes on and joins.
    sdk.call = {};
    joining.resolve({ id: "call_late" });
    await expect(result).resolves.toEqual({ ok: false, error: "start-failed" });
    await vi.waitFor(() => expect(sdk.stop).toHaveBeenCalledTimes(2));
    sdk.emit("call-start");
    sdk.emit("message", { type: "transcript", role: "assistant", transcriptType: "final", transcript: "Hej" });
    expect(events).toEqual([{ type: "call-end" }]);
  });

  it("does not let a start that never settles (POST /call/web unanswered) hold the next one", async () => {
    const { client, sdk, events } = setup();
    sdk.startImpl = () => new Promise(() => {});
    const stuck = client.start("asst_1");
    await Promise.resolve();
    await client.stop();
    // The stuck instance is left behind with only the silent error sink; a fresh one takes over.
    expect(fake.instances).toHaveLength(2);
    const fresh = fake.instances[1]!;
    expect(fresh.args).toEqual(["pk_123", undefined, { avoidEval: true }]);
    for (const event of sdk.eventNames()) {
      expect(sdk.listenerCount(event), String(event)).toBe(event === "error" ? 1 : 0);
    }
    await expect(client.start("asst_1")).resolves.toEqual({ ok: true });
    expect(fresh.start).toHaveBeenCalledWith("asst_1");
    fresh.emit("call-start");
    expect(events.at(-1)).toEqual({ type: "call-start" });
    expect(client.setMuted(true)).toBe(true);
    expect(fresh.setMuted).toHaveBeenCalledWith(true);
    void stuck;
  });

  it("keeps its one SDK instance when nothing was running at stop()", async () => {
    const { client } = await live();
    await client.stop();
    await client.start("asst_1");
    expect(fake.instances).toHaveLength(1);
  });

  it("waits for the last call's teardown before the next start", async () => {
    const { client, sdk } = await live();
    const teardown = deferred<void>();
    sdk.stop.mockImplementationOnce(() => teardown.promise);
    const stopped = client.stop();
    const next = client.start("asst_1");
    await Promise.resolve();
    expect(sdk.start).toHaveBeenCalledTimes(1);
    teardown.resolve();
    await stopped;
    await expect(next).resolves.toEqual({ ok: true });
    expect(sdk.start).toHaveBeenCalledTimes(2);
  });

  it("removes its listeners on destroy (keeping a silent error sink) and ends a running call", async () => {
    const { client, sdk, events } = await live();
    client.destroy();
    expect(sdk.stop).toHaveBeenCalled();
    for (const event of sdk.eventNames()) {
      expect(sdk.listenerCount(event), String(event)).toBe(event === "error" ? 1 : 0);
    }
    expect(() => sdk.emit("error", { type: "daily-error" })).not.toThrow();
    events.length = 0;
    sdk.emit("speech-start");
    expect(events).toEqual([]);
    await expect(client.start("asst_1")).resolves.toEqual({ ok: false, error: "start-failed" });
  });
});

describe("tool sources", () => {
  const result = (metadata: unknown) => ({ type: "tool-calls-result", toolCallResult: { metadata } });
  it("takes only the site's own pages, with a title that stays one link's text", () => {
    expect(toolSource(result({ title: "Om oss", href: "/om-oss" }))).toEqual({ title: "Om oss", href: "/om-oss" });
    expect(toolSource(result({ title: "Om [oss](x)", href: "/om-oss" }))).toEqual({
      title: "Om  oss  x",
      href: "/om-oss",
    });
    for (const href of ["https://evil.example", "//evil.example", "javascript:alert(1)", "/a b", "/x)(y", ""]) {
      expect(toolSource(result({ title: "X", href }))).toBeNull();
    }
    expect(toolSource(result({ title: " ", href: "/" }))).toBeNull();
    expect(toolSource(result(null))).toBeNull();
    expect(toolSource({ type: "tool-calls", toolCallResult: { metadata: { title: "X", href: "/" } } })).toBeNull();
  });
});

describe("final transcripts", () => {
  it("takes final user and assistant turns only", () => {
    expect(
      finalTranscript({ type: "transcript", role: "assistant", transcriptType: "final", transcript: "Hej!" }),
    ).toEqual({
      role: "assistant",
      text: "Hej!",
    });
    expect(
      finalTranscript({
        type: "transcript[transcriptType='final']",
        role: "user",
        transcriptType: "final",
        transcript: "Ja",
      }),
    ).toEqual({ role: "user", text: "Ja" });
    expect(
      finalTranscript({ type: "transcript", role: "user", transcriptType: "partial", transcript: "J" }),
    ).toBeNull();
    expect(
      finalTranscript({ type: "transcript", role: "system", transcriptType: "final", transcript: "x" }),
    ).toBeNull();
    expect(finalTranscript({ type: "transcript", role: "user", transcriptType: "final", transcript: "  " })).toBeNull();
    expect(finalTranscript({ type: "conversation-update" })).toBeNull();
    expect(finalTranscript(null)).toBeNull();
  });
});
