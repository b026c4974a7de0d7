// The operator page's one way to the server's /api/admin/*: typed results, never throws.

export type AdminResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: "no-session" | "unavailable" | "locked" | "wrong-password" | "failed"; retryAfter?: number };

export interface ListItem {
  id: string;
  kind: string;
  receivedAt: string;
  name: string;
  email: string;
  company: string;
  service: string;
  page: string;
  notification: string | null;
  suspectedSpam: boolean;
  state: "open" | "handled";
}

export interface FullMessage extends ListItem {
  params: Record<string, string>;
  note: string;
  callSummary: string;
  notificationAttempts: number;
  noJs: boolean;
}

export interface Filters {
  kind?: string;
  state?: string;
  text?: string;
}

export type Counters = Record<"opened" | "asked" | "site" | "ai" | "none" | "lead", number>;

export interface Insights {
  days: (Counters & { day: string })[];
  pages: (Counters & { page: string })[];
  unanswered: { key: string; text: string; count: number; lastAsked: string; sources: string[] }[];
}

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
  if (res.status === 401 && json?.error === "wrong-password") return { ok: false, error: "wrong-password" };
  if (res.status === 401) return { ok: false, error: "no-session" };
  if (res.status === 429) return { ok: false, error: "locked", retryAfter: json?.retryAfter ?? 900 };
  if (res.status === 503) return { ok: false, error: "unavailable" };
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

export const adminApi = {
  session: () => call<{ ok: true; store: boolean; insights: boolean }>("GET", "/api/admin/session"),
  login: (password: string) => call<void>("POST", "/api/admin/login", { password }),
  logout: () => call<void>("POST", "/api/admin/logout", {}),
  list: (filters: Filters, limit: number, offset: number) =>
    call<{ total: number; items: ListItem[] }>("GET", `/api/admin/messages${listQuery(filters, { limit, offset })}`),
  message: (id: string) => call<FullMessage>("GET", `/api/admin/messages/${encodeURIComponent(id)}`),
  update: (id: string, change: { state?: "open" | "handled"; note?: string }) =>
    call<FullMessage>("POST", `/api/admin/messages/${encodeURIComponent(id)}`, change),
  erase: (email: string, confirm: string) =>
    call<{ erased: number }>("POST", "/api/admin/people/erase", { email, confirm }),
  insights: () => call<Insights>("GET", "/api/admin/insights"),
  clearQuestions: () => call<{ cleared: number }>("DELETE", "/api/admin/insights/questions", {}),
  csvHref: (filters: Filters) => `/api/admin/messages.csv${listQuery(filters)}`,
  exportHref: (email: string) => `/api/admin/people/export?email=${encodeURIComponent(email)}`,
};
