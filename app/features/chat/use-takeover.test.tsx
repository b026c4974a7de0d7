// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { conversation } from "~/lib/conversation-store";
import { takeoverStore } from "./takeover-store";
import { useTakeover } from "./use-takeover";

/** A fake EventSource: the test sends the server's frames. */
class FakeSource extends EventTarget {
  static CLOSED = 2;
  static opened: FakeSource[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeSource.opened.push(this);
  }
  frame(kind: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(kind, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
}

const calls: { url: string; body: unknown; token: string | null }[] = [];
const answers = new Map<string, { status: number; body?: unknown }>();

function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const url = String(input);
  const headers = new Headers(init?.headers);
  calls.push({
    url,
    body: init?.body ? JSON.parse(String(init.body)) : null,
    token: headers.get("X-Conversation-Token"),
  });
  const key = [...answers.keys()].find((k) => url.endsWith(k));
  const answer = key ? answers.get(key)! : { status: 204 };
  return Promise.resolve(
    new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status }),
  );
}

const hooks = () => ({ offerMeeting: vi.fn(), showForm: vi.fn(), backToEmma: vi.fn() });
const texts = () => conversation.getSnapshot().map((m) => `${m.agent ?? m.type}: ${m.text}`);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  conversation.resetForTests();
  takeoverStore.resetForTests();
  FakeSource.opened = [];
  calls.length = 0;
  answers.clear();
  vi.stubGlobal("EventSource", FakeSource);
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the visitor's takeover", () => {
  it("asks with the transcript, then shows the salesperson's name, lines and forms live", async () => {
    conversation.append({ type: "user", text: "kan jag prata med en människa?" });
    answers.set("/api/chat/handoff", {
      status: 201,
      body: { id: "c1", token: "t1", state: "waiting", waitSeconds: 60, offeredTo: { name: "Sara" } },
    });
    const on = hooks();
    const { result } = renderHook(() => useTakeover(on));
    await act(() => result.current.start());
    expect(calls[0]!.body).toMatchObject({
      transcript: [{ author: "visitor", text: "kan jag prata med en människa?" }],
    });
    expect(texts().at(-1)).toMatch(/Jag frågar Sara/);
    await waitFor(() => expect(FakeSource.opened).toHaveLength(1));
    const source = FakeSource.opened[0]!;
    expect(source.url).toBe("/api/chat/conversations/c1/live?token=t1");

    act(() => source.frame("state", { state: "held", holder: { name: "Sara" } }));
    act(() => source.frame("typing", { who: "agent", name: "Sara" }));
    expect(result.current.agentTyping).toBe("Sara");
    act(() => source.frame("line", { seq: 2, author: "agent", name: "Sara", text: "Hej!" }));
    expect(result.current.agentTyping).toBeNull();
    act(() => source.frame("line", { seq: 2, author: "agent", name: "Sara", text: "Hej!" }));
    act(() => source.frame("line", { seq: 3, author: "system", text: "[form:booking]" }));
    expect(texts().slice(-2)).toEqual(["bot: Sara har tagit över samtalet och svarar dig här.", "Sara: Hej!"]);
    expect(on.showForm).toHaveBeenCalledWith("booking");

    // The visitor's words go to the conversation with the token, shown once.
    answers.set("/lines", { status: 201, body: { seq: 4 } });
    await act(() => result.current.say("Tack"));
    act(() => source.frame("line", { seq: 4, author: "visitor", text: "Tack" }));
    expect(calls.at(-1)).toMatchObject({
      url: "/api/chat/conversations/c1/lines",
      body: { text: "Tack" },
      token: "t1",
    });
    expect(texts().filter((t) => t === "user: Tack")).toHaveLength(1);

    act(() => source.frame("state", { state: "returned", holder: null }));
    expect(texts().at(-1)).toMatch(/Det är Emma igen/);
    expect(result.current.live).toBe(false);
  });

  it("resumes a reloaded tab after its last seq", async () => {
    takeoverStore.set({
      id: "c1",
      token: "t1",
      state: "held",
      holder: "Sara",
      offeredTo: null,
      lastSeq: 5,
      transcriptLines: 1,
      waitUntil: 0,
      pending: [],
    });
    takeoverStore.resetForTests();
    renderHook(() => useTakeover(hooks()));
    await waitFor(() => expect(FakeSource.opened[0]?.url).toBe("/api/chat/conversations/c1/live?token=t1&after=5"));
  });

  it("gives up after the wait on the page's clock: missed, and the meeting is offered", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    takeoverStore.set({
      id: "c1",
      token: "t1",
      state: "waiting",
      holder: null,
      offeredTo: "Sara",
      lastSeq: 1,
      transcriptLines: 1,
      waitUntil: Date.now() + 60_000,
      pending: [],
    });
    answers.set("/missed", { status: 200, body: { state: "missed" } });
    const on = hooks();
    renderHook(() => useTakeover(on));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(calls.some((c) => c.url.endsWith("/missed"))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls.some((c) => c.url.endsWith("/missed"))).toBe(true);
    expect(on.offerMeeting).toHaveBeenCalledWith(expect.stringMatching(/Ingen av mina kollegor hann svara/));
    expect(takeoverStore.get()?.state).toBe("missed");
  });
});
