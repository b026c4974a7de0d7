import { isRecord, readJson, removeItem, writeJson } from "./safe-storage";

// Emma's one conversation, shared by chat and voice, in sessionStorage from the first message on,
// so it survives page changes and reloads.
export interface ChatMessage {
  id: string;
  type: "bot" | "user";
  text: string;
  /** Set for turns spoken in a voice call. */
  via?: "voice";
  /** Questions Emma offers as buttons when she is unsure of the answer ("Menar du…?"). */
  suggestions?: { id: string; question: string }[];
  /** Free meeting times Emma offers as buttons (issue 45), "Fler tider" after them if `more`. */
  times?: { start: string; label: string }[];
  more?: boolean;
  /** What the times are for: a video meeting or a call back. */
  meeting?: "video" | "phone";
  /** Emma's word that a meeting is booked: the times offered before it are spent. */
  booked?: boolean;
  /** A salesperson's line in a live takeover (issue 53): their name, shown instead of Emma's. */
  agent?: string;
  /** Emma could not answer and a salesperson can take over now: "Prata med en människa" follows. */
  offerPerson?: boolean;
  /** Epoch milliseconds. */
  at: number;
}

export const CONVERSATION_KEY = "emma.conversation.v1";
/** Whether the lead form is open: a restored "fyll i formuläret här" must find it there. */
export const LEAD_FORM_KEY = "emma.leadForm.v1";
/** Bound on what is kept, so storage never fills up. */
export const MAX_STORED_MESSAGES = 200;

const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";
const optionalBoolean = (v: unknown) => v === undefined || isBoolean(v);

function isMessage(v: unknown): v is ChatMessage {
  return (
    isRecord(v) &&
    typeof v.id === "string" &&
    (v.type === "bot" || v.type === "user") &&
    typeof v.text === "string" &&
    typeof v.at === "number" &&
    (v.via === undefined || v.via === "voice") &&
    (v.suggestions === undefined ||
      (Array.isArray(v.suggestions) &&
        v.suggestions.every((s) => isRecord(s) && typeof s.id === "string" && typeof s.question === "string"))) &&
    (v.times === undefined ||
      (Array.isArray(v.times) &&
        v.times.every((t) => isRecord(t) && typeof t.start === "string" && typeof t.label === "string"))) &&
    optionalBoolean(v.more) &&
    (v.meeting === undefined || v.meeting === "video" || v.meeting === "phone") &&
    optionalBoolean(v.booked) &&
    (v.agent === undefined || typeof v.agent === "string") &&
    optionalBoolean(v.offerPerson)
  );
}

const isMessageList = (v: unknown): v is ChatMessage[] => Array.isArray(v) && v.every(isMessage);

type Listener = () => void;
const EMPTY: ChatMessage[] = [];
let messages: ChatMessage[] | null = null;
const listeners = new Set<Listener>();
let counter = 0;

function load(): ChatMessage[] {
  if (messages === null) messages = readJson("session", CONVERSATION_KEY, isMessageList, EMPTY);
  return messages;
}

function commit(next: ChatMessage[]) {
  messages = next.slice(-MAX_STORED_MESSAGES);
  writeJson("session", CONVERSATION_KEY, messages);
  listeners.forEach((l) => l());
}

export const conversation = {
  /** Whether the lead form was open when the page was left (a reload, a closed panel). */
  leadFormOpen: (): boolean => readJson("session", LEAD_FORM_KEY, isBoolean, false),
  setLeadFormOpen(open: boolean): void {
    if (open) writeJson("session", LEAD_FORM_KEY, true);
    else removeItem("session", LEAD_FORM_KEY);
  },
  /** The current messages (a stable array between changes, for useSyncExternalStore). */
  getSnapshot: (): ChatMessage[] => load(),
  getServerSnapshot: (): ChatMessage[] => EMPTY,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  append(message: Omit<ChatMessage, "id" | "at"> & { at?: number }): ChatMessage {
    const full: ChatMessage = {
      at: Date.now(),
      ...message,
      id: `${Date.now().toString(36)}-${(counter++).toString(36)}`,
    };
    commit([...load(), full]);
    return full;
  },
  /** Adds the free times a tool of Emma's found to her message. */
  offerTimes(id: string, times: Pick<ChatMessage, "times" | "more" | "meeting">): void {
    commit(load().map((m) => (m.id === id ? { ...m, ...times } : m)));
  },
  /** Offers a person under one of Emma's answers, or takes the offer back. */
  offerPerson(id: string, offer: boolean): void {
    commit(load().map((m) => (m.id === id ? { ...m, offerPerson: offer } : m)));
  },
  /** Replaces a message's text (a streamed reply growing token by token). */
  update(id: string, text: string): void {
    commit(load().map((m) => (m.id === id ? { ...m, text } : m)));
  },
  clear(): void {
    messages = EMPTY;
    removeItem("session", CONVERSATION_KEY);
    removeItem("session", LEAD_FORM_KEY);
    listeners.forEach((l) => l());
  },
  /** For tests: forget the in-memory copy so the next read goes to storage again. */
  resetForTests(): void {
    messages = null;
    listeners.clear();
  },
};
