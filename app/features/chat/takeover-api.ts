// The chat's one way to the server's /api/chat/* takeover routes (issue 53): typed results, never throws.

export interface Availability {
  open: boolean;
  online: number;
  ask: boolean;
  /** The server can mail the visitor the transcript. */
  mail: boolean;
}

export type Handoff =
  | { state: "waiting"; id: string; token: string; waitSeconds: number; offeredTo: string | null }
  | { state: "unavailable"; reason: "closed" | "nobody" };

export type Sent =
  | { ok: true; seq: number }
  | { ok: false; reason: "gone"; state: string | null }
  | { ok: false; reason: "limited" | "too-long" | "failed" };

const base = (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}`;

async function post(path: string, body: unknown, token?: string): Promise<Response | null> {
  try {
    return await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { "X-Conversation-Token": token } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

const json = async (res: Response | null): Promise<Record<string, unknown> | null> =>
  res ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;

export const takeoverApi = {
  async availability(): Promise<Availability | null> {
    try {
      const res = await fetch("/api/chat/availability", { cache: "no-store" });
      const data = res.ok ? ((await res.json()) as Partial<Availability>) : null;
      return data
        ? {
            open: data.open === true,
            online: Number(data.online) || 0,
            ask: data.ask === true,
            mail: data.mail === true,
          }
        : null;
    } catch {
      return null;
    }
  },

  async handoff(body: {
    transcript: { author: "visitor" | "emma"; text: string }[];
    page: string;
    name?: string;
    email?: string;
  }): Promise<Handoff | null> {
    const res = await post("/api/chat/handoff", body);
    const data = await json(res);
    if (!res?.ok || !data) return null;
    if (data.state === "unavailable")
      return { state: "unavailable", reason: data.reason === "closed" ? "closed" : "nobody" };
    if (typeof data.id !== "string" || typeof data.token !== "string") return null;
    const offered = data.offeredTo as { name?: unknown } | null | undefined;
    return {
      state: "waiting",
      id: data.id,
      token: data.token,
      waitSeconds: typeof data.waitSeconds === "number" ? data.waitSeconds : 60,
      offeredTo: typeof offered?.name === "string" ? offered.name : null,
    };
  },

  async say(id: string, token: string, text: string): Promise<Sent> {
    const res = await post(`${base(id)}/lines`, { text }, token);
    if (!res) return { ok: false, reason: "failed" };
    if (res.status === 409 || res.status === 404) {
      const state = (await json(res))?.state;
      return { ok: false, reason: "gone", state: typeof state === "string" ? state : null };
    }
    if (res.status === 429) return { ok: false, reason: "limited" };
    if (res.status === 413 || res.status === 400) return { ok: false, reason: "too-long" };
    const data = await json(res);
    return res.ok && typeof data?.seq === "number" ? { ok: true, seq: data.seq } : { ok: false, reason: "failed" };
  },

  typing: (id: string, token: string) => void post(`${base(id)}/typing`, {}, token),

  async missed(id: string, token: string): Promise<string | null> {
    const data = await json(await post(`${base(id)}/missed`, {}, token));
    return typeof data?.state === "string" ? data.state : null;
  },

  async mail(id: string, token: string, email: string): Promise<boolean> {
    const res = await post(`${base(id)}/transcript`, { email }, token);
    return Boolean(res?.ok);
  },

  /** The live stream's address: EventSource sends no headers, so the token goes in the query. */
  liveUrl: (id: string, token: string, after: number) =>
    `${base(id)}/live?${new URLSearchParams({ token, ...(after > 0 ? { after: String(after) } : {}) })}`,
};
