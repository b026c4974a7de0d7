import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { takeoverCopy as copy } from "~/content/takeover";
import { conversation } from "~/lib/conversation-store";
import { isLive, parseLine, parseState, receiveLine, receiveState, type Effect, type Takeover } from "./takeover";
import { takeoverApi } from "./takeover-api";
import { takeoverStore } from "./takeover-store";

/** At most one typing signal per this long (the server passes on one per 2 s). */
export const TYPING_EVERY_MS = 2000;
/** A salesperson's "skriver…" goes after this long without another signal. */
const TYPING_SHOWN_MS = 4000;
/** A stream the server closed (not a dropped one, which EventSource resumes itself) opens again after this. */
const REOPEN_MS = 2000;
const MAX_TRANSCRIPT = 50;

const parse = (event: Event): unknown => {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return null;
  }
};

interface Hooks {
  /** The free meeting's times and a call-back (the lead form), under Emma's `text`. */
  offerMeeting: (text: string) => void;
  /** A salesperson sent the lead form or the meeting offer. */
  showForm: (form: "lead" | "booking") => void;
  /** The conversation was over before the visitor's words reached it: Emma takes them. */
  backToEmma: (text: string) => void;
}

/** Shows what a frame means in Emma's conversation. */
function apply(effect: Effect, on: RefObject<Hooks>, quiet: () => void) {
  if (effect.kind === "show")
    conversation.append(
      effect.author === "visitor"
        ? { type: "user", text: effect.text }
        : effect.author === "agent"
          ? { type: "bot", text: effect.text, agent: effect.name ?? copy.agent }
          : { type: "bot", text: effect.text },
    );
  else if (effect.kind === "form") on.current.showForm(effect.form);
  else if (effect.kind === "joined") conversation.append({ type: "bot", text: copy.joined(effect.name || copy.agent) });
  else if (effect.kind === "back") {
    quiet();
    if (effect.state === "missed") on.current.offerMeeting(copy.missed);
    else conversation.append({ type: "bot", text: effect.state === "returned" ? copy.returned : copy.ended });
  }
}

/** Takes a frame into the kept takeover, then shows it. */
function take(step: (t: Takeover) => { takeover: Takeover; effect: Effect }, on: RefObject<Hooks>, quiet: () => void) {
  const t = takeoverStore.get();
  if (!t) return;
  const { takeover: next, effect } = step(t);
  takeoverStore.set(next);
  apply(effect, on, quiet);
}

/** Whether the server can mail the transcript; one function, so a component's effect runs once. */
const canMail = () => takeoverApi.availability().then((a) => a?.mail === true);

/** The visitor's live takeover (issue 53): asks for a person, streams their lines, waits at most a minute. */
export function useTakeover(hooks: Hooks) {
  const takeover = useSyncExternalStore(takeoverStore.subscribe, takeoverStore.get, takeoverStore.getServerSnapshot);
  const [agentTyping, setAgentTyping] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const on = useRef(hooks);
  useLayoutEffect(() => {
    on.current = hooks;
  });
  const lastTyping = useRef(0);
  const live = isLive(takeover);
  const id = takeover?.id;

  // The live stream while waiting or held; EventSource itself resumes a dropped one with Last-Event-ID.
  useEffect(() => {
    const t = takeoverStore.get();
    if (!live || !t) return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let typingOff: ReturnType<typeof setTimeout> | undefined;
    const quiet = () => setAgentTyping(null);
    const open = () => {
      const now = takeoverStore.get();
      if (!now || !isLive(now)) return;
      source = new EventSource(takeoverApi.liveUrl(now.id, now.token, now.lastSeq));
      source.addEventListener("line", (event) => {
        const line = parseLine(parse(event));
        if (!line) return;
        if (line.author === "agent") setAgentTyping(null);
        take((c) => receiveLine(c, line), on, quiet);
      });
      source.addEventListener("state", (event) => {
        const frame = parseState(parse(event));
        if (frame) take((c) => receiveState(c, frame), on, quiet);
      });
      source.addEventListener("typing", (event) => {
        const data = parse(event) as { who?: unknown; name?: unknown } | null;
        if (data?.who !== "agent") return;
        setAgentTyping(
          typeof data.name === "string" && data.name ? data.name : (takeoverStore.get()?.holder ?? copy.agent),
        );
        clearTimeout(typingOff);
        typingOff = setTimeout(() => setAgentTyping(null), TYPING_SHOWN_MS);
      });
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        reopen = setTimeout(open, REOPEN_MS);
      });
    };
    open();
    return () => {
      source?.close();
      clearTimeout(reopen);
      clearTimeout(typingOff);
    };
  }, [live, id]);

  // Nobody took it within the wait (the page's clock): the visitor's side says so, once.
  const waiting = takeover?.state === "waiting";
  useEffect(() => {
    const t = takeoverStore.get();
    if (!waiting || !t) return;
    const timer = setTimeout(
      () => {
        void takeoverApi.missed(t.id, t.token).then((state) => {
          if (state === "missed" && takeoverStore.get()?.state === "waiting")
            take(
              (c) => receiveState(c, { state: "missed", holder: null }),
              on,
              () => setAgentTyping(null),
            );
        });
      },
      Math.max(0, t.waitUntil - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [waiting, id]);

  /** Asks for a person with the conversation so far; unavailable, Emma offers the meeting. */
  async function start() {
    if (starting || isLive(takeoverStore.get())) return;
    setStarting(true);
    const transcript = conversation
      .getSnapshot()
      .filter((m) => !m.agent && m.text.trim())
      .slice(-MAX_TRANSCRIPT)
      .map((m) => ({
        author: m.type === "user" ? ("visitor" as const) : ("emma" as const),
        text: m.text.slice(0, 1000),
      }));
    const handoff = await takeoverApi.handoff({ transcript, page: window.location.pathname });
    setStarting(false);
    if (!handoff) return on.current.offerMeeting(copy.failed);
    if (handoff.state === "unavailable")
      return on.current.offerMeeting(handoff.reason === "closed" ? copy.closed : copy.nobody);
    takeoverStore.set({
      id: handoff.id,
      token: handoff.token,
      state: "waiting",
      holder: null,
      offeredTo: handoff.offeredTo,
      lastSeq: 0,
      transcriptLines: transcript.length,
      waitUntil: Date.now() + handoff.waitSeconds * 1000,
      pending: [],
    });
    conversation.append({ type: "bot", text: copy.asking(handoff.offeredTo) });
  }

  /** The visitor's words while live: shown at once, sent to the conversation (never to Emma). */
  async function say(text: string) {
    const t = takeoverStore.get();
    if (!t) return;
    takeoverStore.set({ ...t, pending: [...t.pending, text] });
    conversation.append({ type: "user", text });
    lastTyping.current = 0;
    const sent = await takeoverApi.say(t.id, t.token, text);
    if (sent.ok) return;
    takeoverStore.update((c) => ({ ...c, pending: c.pending.filter((p) => p !== text) }));
    if (sent.reason === "gone") {
      // Over before the words arrived (missed, given back): Emma says so once, then takes them.
      const state = sent.state === "missed" || sent.state === "returned" ? sent.state : "ended";
      take(
        (c) => receiveState(c, { state, holder: null }),
        on,
        () => setAgentTyping(null),
      );
      return on.current.backToEmma(text);
    }
    const notice = { limited: copy.rateLimited, "too-long": copy.tooLong, failed: copy.notSent }[sent.reason];
    conversation.append({ type: "bot", text: notice });
  }

  /** The visitor is typing: passed on at most once per TYPING_EVERY_MS. */
  function typing() {
    const t = takeoverStore.get();
    if (!t || !isLive(t) || Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    takeoverApi.typing(t.id, t.token);
  }

  const mail = (email: string) => {
    const t = takeoverStore.get();
    return t ? takeoverApi.mail(t.id, t.token, email) : Promise.resolve(false);
  };

  return {
    takeover,
    live,
    starting,
    agentTyping,
    start,
    say,
    typing,
    mail,
    canMail,
    forget: () => takeoverStore.set(null),
  };
}
