// The operator page's one way to the server's /api/admin/*: typed results, never throws.

export type AdminError =
  | "no-session"
  | "unavailable"
  | "locked"
  | "wrong-password"
  | "link-expired"
  | "password-too-short"
  | "not-found"
  | "failed";
export type AdminResult<T> = { ok: true; data: T } | { ok: false; error: AdminError; retryAfter?: number };
export type OnFailure = (result: Extract<AdminResult<unknown>, { ok: false }>) => void;

export type MessageState = "open" | "answered" | "handled";

export interface Person {
  id: string;
  name: string;
}

export interface ListItem {
  id: string;
  kind: string;
  receivedAt: string;
  from_name: string;
  from_email: string;
  from_email_shown: string;
  company: string;
  selected_service: string;
  page: string;
  line: string;
  notification: string | null;
  suspectedSpam: boolean;
  state: MessageState;
  owner: Person | null;
  isNew: boolean;
}

export interface HistoryEvent {
  id: string;
  at: string;
  actorName: string;
  action: string;
  detail: { text?: string; ownerName?: string | null; format?: string; to?: string } | null;
}

export interface FullMessage extends ListItem {
  phone: string;
  subject: string;
  message: string;
  conversation: string;
  source: string;
  otherFields: Record<string, string>;
  callSummary: string;
  notificationAttempts: number;
  noJs: boolean;
  history: HistoryEvent[];
}

export interface Filters {
  kind?: string;
  state?: string;
  owner?: string;
  text?: string;
  order?: "asc" | "desc";
}

export interface Session {
  me: { id: string; name: string; email: string };
  since: string | null;
  canReply: boolean;
  salesEmail: string;
}

export type Counters = Record<"opened" | "asked" | "site" | "ai" | "none" | "lead", number>;

export interface Insights {
  days: (Counters & { day: string })[];
  pages: (Counters & { page: string })[];
  unanswered: {
    key: string;
    text: string;
    count: number;
    lastAsked: string;
    sources: string[];
    conversationId: string | null;
  }[];
}

const KNOWN_ERRORS = new Set(["wrong-password", "link-expired", "password-too-short"]);

async function call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<AdminResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: "failed" };
  }
  if (res.status === 204) return { ok: true, data: undefined as T };
  const json = (await res.json().catch(() => null)) as { error?: string; retryAfter?: number } | null;
  if (res.ok) return { ok: true, data: json as T };
  if (json?.error && KNOWN_ERRORS.has(json.error)) return { ok: false, error: json.error as AdminError };
  if (res.status === 401) return { ok: false, error: "no-session" };
  if (res.status === 404) return { ok: false, error: "not-found" };
  if (res.status === 429) return { ok: false, error: "locked", retryAfter: json?.retryAfter ?? 900 };
  if (res.status === 503 && json?.error === "store-unavailable") return { ok: false, error: "unavailable" };
  return { ok: false, error: "failed" };
}

/** The list's query string: the filters, the page size and the offset. */
export function listQuery(filters: Filters, extra: Record<string, number> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

const messagePath = (id: string, rest = "") => `/api/admin/messages/${encodeURIComponent(id)}${rest}`;

export const adminApi = {
  session: () => call<Session>("GET", "/api/admin/session"),
  login: (email: string, password: string) => call<void>("POST", "/api/admin/login", { email, password }),
  logout: () => call<void>("POST", "/api/admin/logout", {}),
  checkLink: (token: string) => call<{ name: string; email: string }>("POST", "/api/admin/setup/check", { token }),
  setup: (token: string, password: string) => call<void>("POST", "/api/admin/setup", { token, password }),
  changePassword: (current: string, password: string) =>
    call<void>("POST", "/api/admin/password", { current, password }),
  team: () => call<{ people: Person[] }>("GET", "/api/admin/team"),
  updates: () => call<{ newCount: number; latest: string | null }>("GET", "/api/admin/updates"),
  list: (filters: Filters, limit: number, offset: number) =>
    call<{ total: number; items: ListItem[] }>("GET", `/api/admin/messages${listQuery(filters, { limit, offset })}`),
  message: (id: string) => call<FullMessage>("GET", messagePath(id)),
  setState: (id: string, state: "open" | "handled") => call<FullMessage>("POST", messagePath(id), { state }),
  addNote: (id: string, text: string) => call<FullMessage>("POST", messagePath(id, "/notes"), { text }),
  assign: (id: string, ownerId: string | null) => call<FullMessage>("POST", messagePath(id, "/owner"), { ownerId }),
  reply: (id: string, text: string) => call<FullMessage>("POST", messagePath(id, "/reply"), { text }),
  erase: (email: string, confirm: string) =>
    call<{ erased: number }>("POST", "/api/admin/people/erase", { email, confirm }),
  insights: () => call<Insights>("GET", "/api/admin/insights"),
  clearQuestions: () => call<{ cleared: number }>("DELETE", "/api/admin/insights/questions", {}),
  csvHref: (filters: Filters) => `/api/admin/messages.csv${listQuery({ ...filters, order: undefined })}`,
  exportHref: (email: string) => `/api/admin/people/export?email=${encodeURIComponent(email)}`,
};
