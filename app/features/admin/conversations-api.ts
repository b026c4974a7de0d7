// The team's calls for the live takeover (/api/admin/conversations, issue 53): typed results, never throws.

export interface ConversationItem {
  id: string;
  state: "waiting" | "held" | "missed" | "returned" | "ended";
  holder: { id: string; name: string } | null;
  offeredTo: { id: string; name: string } | null;
  askedAt: string | null;
  takenAt: string | null;
  page: string | null;
  visitorName: string | null;
  lastLine: { author: string; text: string; at: string } | null;
  lines: number;
}

export interface ConversationLine {
  seq: number;
  author: "visitor" | "emma" | "agent" | "system";
  name: string | null;
  text: string;
  at: string;
}

export type ConversationResult<T> =
  { ok: true; data: T } | { ok: false; status: number; error: string; holder: { name: string } | null };

const path = (id: string, rest = "") => `/api/admin/conversations/${encodeURIComponent(id)}${rest}`;

async function call<T>(method: "GET" | "POST", url: string, body?: unknown): Promise<ConversationResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 204) return { ok: true, data: undefined as T };
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok) return { ok: true, data: json as T };
    const holder = json?.holder as { name?: unknown } | null | undefined;
    return {
      ok: false,
      status: res.status,
      error: typeof json?.error === "string" ? json.error : "failed",
      holder: typeof holder?.name === "string" ? { name: holder.name } : null,
    };
  } catch {
    return { ok: false, status: 0, error: "failed", holder: null };
  }
}

export const conversationsApi = {
  list: () => call<{ conversations: ConversationItem[] }>("GET", "/api/admin/conversations"),
  get: (id: string) => call<{ conversation: ConversationItem; lines: ConversationLine[] }>("GET", path(id)),
  take: (id: string) => call<{ conversation: ConversationItem }>("POST", path(id, "/take"), {}),
  say: (id: string, text: string) => call<{ seq: number }>("POST", path(id, "/lines"), { text }),
  typing: (id: string) => call<void>("POST", path(id, "/typing"), {}),
  form: (id: string, form: "lead" | "booking") => call<{ seq: number }>("POST", path(id, "/form"), { form }),
  release: (id: string) => call<{ conversation: ConversationItem }>("POST", path(id, "/release"), {}),
};

/** Lines merged by seq: a reload and a live line never show one twice, and always in order. */
export function mergeLines(lines: readonly ConversationLine[], more: readonly ConversationLine[]): ConversationLine[] {
  const bySeq = new Map(lines.map((l) => [l.seq, l]));
  for (const l of more) bySeq.set(l.seq, l);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Ids of conversations newly waiting since `seen`: whom the page alerts for. */
export function newlyWaiting(items: readonly ConversationItem[], seen: ReadonlySet<string>): string[] {
  return items.filter((c) => c.state === "waiting" && !seen.has(c.id)).map((c) => c.id);
}
