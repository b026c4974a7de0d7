import { useEffect, useState } from "react";

/** The page's stream of events (server/live, decision 072). */
export const LIVE_PATH = "/api/admin/live";
/** While the stream is down the page asks this often instead. */
export const FALLBACK_POLL_MS = 30_000;
/** A refused stream (EventSource gives up on anything but a 200) is tried again after this long. */
const REOPEN_MS = 30_000;

export interface LiveState {
  /** Moves on with every message added or changed, and on each (re)connect: lists load again. */
  revision: number;
  /** The last message changed, counted, so its open view loads it again. */
  changed: { message: string; n: number } | null;
  /** Account ids with the page open on any instance. */
  online: string[];
  /** Null while the first stream opens. */
  connected: boolean | null;
  /** Conversations happening now (issue 53): moves on as one changes, gets a line, or someone types. */
  talk: TalkState;
}

export interface TalkState {
  /** Moves on when a conversation changes or a line is added (and on each reconnect). */
  revision: number;
  /** The conversation that got a line last. */
  line: { conversation: string; n: number } | null;
  typing: { conversation: string; who: "visitor" | "agent"; name: string | null; n: number } | null;
}

const dataOf = (event: Event): Record<string, unknown> => {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** The team's page live: `poll` (the newest message's id) runs on each event, and every FALLBACK_POLL_MS while
 * the stream is down, when a new id moves the revision on. */
export function useLive(poll: () => Promise<string | null>): LiveState {
  const [revision, setRevision] = useState(0);
  const [changed, setChanged] = useState<LiveState["changed"]>(null);
  const [online, setOnline] = useState<string[]>([]);
  const [connected, setConnected] = useState<boolean | null>(null);
  const [talk, setTalk] = useState<TalkState>({ revision: 0, line: null, typing: null });

  useEffect(() => {
    let source: EventSource | null = null;
    let fallback: ReturnType<typeof setInterval> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let latest: string | null | undefined;
    const ask = () =>
      void poll().then((id) => {
        if (latest !== undefined && id !== latest) setRevision((n) => n + 1);
        latest = id;
      });
    const bump = () => {
      setRevision((n) => n + 1);
      void poll().then((id) => (latest = id));
    };
    const startFallback = () => {
      if (fallback) return;
      ask();
      fallback = setInterval(() => {
        if (document.visibilityState !== "visible") return;
        ask();
        setTalk((t) => ({ ...t, revision: t.revision + 1 }));
      }, FALLBACK_POLL_MS);
    };
    const open = () => {
      if (typeof EventSource === "undefined") return startFallback();
      source = new EventSource(LIVE_PATH);
      source.addEventListener("open", () => {
        setConnected(true);
        setTalk((t) => ({ ...t, revision: t.revision + 1 }));
        clearInterval(fallback);
        fallback = undefined;
        bump();
      });
      for (const kind of ["message.added", "messages.changed", "reset"]) source.addEventListener(kind, bump);
      source.addEventListener("message.changed", (event) => {
        const message = dataOf(event).message;
        bump();
        if (typeof message === "string") setChanged((c) => ({ message, n: (c?.n ?? 0) + 1 }));
      });
      source.addEventListener("conversation.changed", () => setTalk((t) => ({ ...t, revision: t.revision + 1 })));
      source.addEventListener("conversation.line", (event) => {
        const conversation = dataOf(event).conversation;
        if (typeof conversation !== "string") return;
        setTalk((t) => ({ ...t, revision: t.revision + 1, line: { conversation, n: (t.line?.n ?? 0) + 1 } }));
      });
      source.addEventListener("conversation.typing", (event) => {
        const { conversation, who, name } = dataOf(event);
        if (typeof conversation !== "string" || (who !== "visitor" && who !== "agent")) return;
        const typing = { conversation, who, name: typeof name === "string" ? name : null } as const;
        setTalk((t) => ({ ...t, typing: { ...typing, n: (t.typing?.n ?? 0) + 1 } }));
      });
      source.addEventListener("presence", (event) => {
        const list = dataOf(event).online;
        setOnline(Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : []);
      });
      source.addEventListener("error", () => {
        setConnected(false);
        startFallback();
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        reopen = setTimeout(open, REOPEN_MS);
      });
    };
    open();
    return () => {
      source?.close();
      clearInterval(fallback);
      clearTimeout(reopen);
    };
  }, [poll]);

  return { revision, changed, online, connected, talk };
}
