/**
 * The free meeting's endpoints (server/routes/booking/) from the browser: free times, a hold and
 * a booking. Never throws; "off" means the site has no booking (a static host, BOOKING_ENABLED=false).
 */
export interface MeetingSlot {
  start: string;
  end: string;
  /** "torsdag 3 december kl. 10:00" */
  label: string;
}

export type MeetingKind = "video" | "phone";

export const BOOKING_API = "/api/booking";
const TIMEOUT_MS = 10_000;

type Failure = { ok: false; reason: "off" | "taken" | "gone" | "limit" | "invalid" | "failed"; fields?: string[] };

/** The endpoints' answers, as server/routes/booking/index.mjs sends them. */
interface Body {
  slots?: MeetingSlot[];
  more?: boolean;
  wish?: string;
  holdId?: string;
  label?: string;
  booking?: { label: string };
  mailed?: boolean;
  /** Held for the sales team's approval: the time is taken, nothing is mailed yet. */
  pending?: boolean;
  fields?: string[];
}

async function call(path: string, init?: RequestInit): Promise<{ ok: true; body: Body } | Failure> {
  try {
    const res = await fetch(`${BOOKING_API}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await res.json().catch(() => null)) as Body | null;
    if (res.ok && body) return { ok: true, body };
    if (res.status === 404) return { ok: false, reason: "off" };
    if (res.status === 409) return { ok: false, reason: "taken" };
    if (res.status === 410) return { ok: false, reason: "gone" };
    if (res.status === 429) return { ok: false, reason: "limit" };
    if (res.status === 422) return { ok: false, reason: "invalid", fields: body?.fields };
    return { ok: false, reason: "failed" };
  } catch {
    return { ok: false, reason: "failed" };
  }
}

const post = (path: string, body: unknown) =>
  call(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** The nearest free times (3 by default), after a shown one, or near a wish ("imorgon förmiddag"). */
export async function fetchSlots(query: { after?: string; when?: string; limit?: number } = {}) {
  const params = new URLSearchParams();
  if (query.after) params.set("after", query.after);
  if (query.when) params.set("when", query.when);
  params.set("limit", String(query.limit ?? 3));
  const result = await call(`/slots?${params}`);
  if (!result.ok) return result;
  const { slots = [], more, wish } = result.body;
  return {
    ok: true as const,
    slots,
    more: Boolean(more),
    wish: wish === "found" || wish === "missed" ? wish : undefined,
  };
}

/** Holds a time for a few minutes while the visitor gives their details. */
export async function holdSlot(start: string, kind: MeetingKind, source: "chat" | "kom-igang") {
  const result = await post("/hold", { start, kind, source });
  return result.ok
    ? { ok: true as const, holdId: String(result.body.holdId), label: String(result.body.label) }
    : result;
}

/** Books a held time as a lead with the form's template params; a repeat gives the same booking. */
export async function confirmBooking(holdId: string, templateId: string, params: Record<string, string>) {
  const result = await post("/confirm", { holdId, template_id: templateId, template_params: params });
  return result.ok
    ? {
        ok: true as const,
        label: String(result.body.booking?.label ?? ""),
        mailed: Boolean(result.body.mailed),
        pending: Boolean(result.body.pending),
      }
    : result;
}
