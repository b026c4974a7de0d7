// The visitor's side of a live takeover (issue 53): pure rules over the server's frames
// (docs/takeover contract: /api/chat/conversations/:id/live).

export type TakeoverState = "waiting" | "held" | "missed" | "returned" | "ended";
export type Author = "visitor" | "emma" | "agent" | "system";

export interface Line {
  seq: number;
  author: Author;
  name: string | null;
  text: string;
}

export interface Takeover {
  id: string;
  token: string;
  state: TakeoverState;
  /** The salesperson holding it, or asked first while waiting. */
  holder: string | null;
  offeredTo: string | null;
  /** The last line seq taken in: a resumed stream starts after it. */
  lastSeq: number;
  /** Lines of the handoff's transcript (Emma's and the visitor's, already shown). */
  transcriptLines: number;
  /** When the wait ends, in the page's clock (epoch ms). */
  waitUntil: number;
  /** What the visitor sent that has not come back as a line yet. */
  pending: string[];
  /** A tab that joined from another (no copy of the chat): Emma's and all earlier lines are shown too. */
  joined?: boolean;
}

/** What a line or a state frame means for the chat. */
export type Effect =
  | { kind: "none" }
  | { kind: "show"; author: "agent" | "visitor" | "system" | "emma"; name: string | null; text: string }
  | { kind: "form"; form: "lead" | "booking" }
  | { kind: "joined"; name: string }
  | { kind: "back"; state: "missed" | "returned" | "ended" };

const STATES = new Set<string>(["waiting", "held", "missed", "returned", "ended"]);
const AUTHORS = new Set<string>(["visitor", "emma", "agent", "system"]);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** While waiting or held, the visitor's words go to the conversation, not to Emma. */
export const isLive = (t: Pick<Takeover, "state"> | null): boolean => t?.state === "waiting" || t?.state === "held";

/** A `line` frame's data, or null. */
export function parseLine(value: unknown): Line | null {
  if (!isObject(value) || !Number.isInteger(value.seq) || (value.seq as number) < 1) return null;
  if (typeof value.author !== "string" || !AUTHORS.has(value.author) || typeof value.text !== "string") return null;
  return {
    seq: value.seq as number,
    author: value.author as Author,
    name: typeof value.name === "string" && value.name ? value.name : null,
    text: value.text.slice(0, 1000),
  };
}

/** A `state` frame's data, or null. */
export function parseState(value: unknown): { state: TakeoverState; holder: string | null } | null {
  if (!isObject(value) || typeof value.state !== "string" || !STATES.has(value.state)) return null;
  const holder = isObject(value.holder) && typeof value.holder.name === "string" ? value.holder.name : null;
  return { state: value.state as TakeoverState, holder };
}

/** The form a salesperson's system line asks for: "[form:lead]" or "[form:booking]". */
export function formOf(text: string): "lead" | "booking" | null {
  const m = /^\[form:(lead|booking)\]$/.exec(text.trim());
  return m ? (m[1] as "lead" | "booking") : null;
}

/**
 * Takes in one line: a seq already seen is skipped (a resumed stream may repeat), the transcript's
 * lines and the visitor's own (shown as sent) are not shown twice.
 */
export function receiveLine(t: Takeover, line: Line): { takeover: Takeover; effect: Effect } {
  if (line.seq <= t.lastSeq) return { takeover: t, effect: { kind: "none" } };
  const next = { ...t, lastSeq: line.seq };
  const none = { takeover: next, effect: { kind: "none" } as Effect };
  if (line.author === "emma")
    return t.joined ? { takeover: next, effect: { kind: "show", author: "emma", name: null, text: line.text } } : none;
  if (line.author === "visitor") {
    const at = t.pending.indexOf(line.text);
    if (at >= 0)
      return { takeover: { ...next, pending: t.pending.filter((_, i) => i !== at) }, effect: { kind: "none" } };
    if (line.seq <= t.transcriptLines) return none;
    return { takeover: next, effect: { kind: "show", author: "visitor", name: null, text: line.text } };
  }
  if (line.author === "system") {
    const form = formOf(line.text);
    return {
      takeover: next,
      effect: form ? { kind: "form", form } : { kind: "show", author: "system", name: null, text: line.text },
    };
  }
  return {
    takeover: { ...next, holder: line.name ?? t.holder },
    effect: { kind: "show", author: "agent", name: line.name ?? t.holder, text: line.text },
  };
}

/** Lines in any order, repeated or not, taken in by seq: what a resume shows, in order. */
export function receiveLines(t: Takeover, lines: readonly Line[]): { takeover: Takeover; effects: Effect[] } {
  const effects: Effect[] = [];
  let current = t;
  for (const line of [...lines].sort((a, b) => a.seq - b.seq)) {
    const { takeover, effect } = receiveLine(current, line);
    current = takeover;
    if (effect.kind !== "none") effects.push(effect);
  }
  return { takeover: current, effects };
}

/** Takes in a state frame: a take says who came, the end of a live state gives the chat back to Emma. */
export function receiveState(
  t: Takeover,
  frame: { state: TakeoverState; holder: string | null },
): { takeover: Takeover; effect: Effect } {
  const next = { ...t, state: frame.state, holder: frame.holder ?? t.holder };
  if (frame.state === "held" && (t.state !== "held" || (frame.holder && frame.holder !== t.holder)))
    return { takeover: next, effect: { kind: "joined", name: next.holder ?? "" } };
  if (isLive(t) && !isLive(next) && frame.state !== "waiting" && frame.state !== "held")
    return { takeover: next, effect: { kind: "back", state: frame.state } };
  return { takeover: next, effect: { kind: "none" } };
}

/** A kept takeover from storage, or null. */
export function isTakeover(v: unknown): v is Takeover {
  return (
    isObject(v) &&
    typeof v.id === "string" &&
    typeof v.token === "string" &&
    typeof v.state === "string" &&
    STATES.has(v.state) &&
    (v.holder === null || typeof v.holder === "string") &&
    (v.offeredTo === null || typeof v.offeredTo === "string") &&
    Number.isInteger(v.lastSeq) &&
    Number.isInteger(v.transcriptLines) &&
    typeof v.waitUntil === "number" &&
    Array.isArray(v.pending) &&
    v.pending.every((p) => typeof p === "string") &&
    (v.joined === undefined || typeof v.joined === "boolean")
  );
}

/** What the visitor's other tabs share (localStorage): enough to join, never the seq a tab has seen. */
export type SharedTakeover = Pick<Takeover, "id" | "token" | "state" | "holder" | "offeredTo" | "waitUntil">;

/** A tab's own copy of a takeover another tab started: every line from the first. */
export const joinedFrom = (shared: SharedTakeover): Takeover => ({
  ...shared,
  lastSeq: 0,
  transcriptLines: 0,
  pending: [],
  joined: true,
});

export function isSharedTakeover(v: unknown): v is SharedTakeover {
  return isTakeover({ ...(isObject(v) ? v : {}), lastSeq: 0, transcriptLines: 0, pending: [] });
}
