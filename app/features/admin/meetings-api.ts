// The operator page's meetings at /api/admin/meetings* (server/routes/admin/meetings.mjs).
import type { AdminResult } from "./admin-api";

export interface MeetingLead {
  id: string;
  kind: string;
  from_name: string;
  from_email: string;
  /** The address as the team reads it: a look-alike domain in punycode (server/lib/email-display.mjs). */
  from_email_shown: string;
  phone: string;
  company: string;
  message: string;
  conversation: string;
}

export interface Meeting {
  id: string;
  start: string;
  time: string;
  state: "booked" | "pending" | "cancelled" | "declined";
  noShow: boolean;
  kind: "video" | "phone";
  source: string | null;
  cancelNote: string | null;
  /** Who approved or declined it, when it waited for approval. */
  decidedBy: string | null;
  lead: MeetingLead | null;
}

export interface MeetingDay {
  date: string;
  label: string;
  meetings: Meeting[];
}

export type ApprovalMode = "off" | "on" | "surge";

/** Whether new bookings wait for the team's approval now, and the surge it may hang on. */
export interface Approval {
  mode: ApprovalMode;
  changedBy: string | null;
  changedAt: string | null;
  surge: { count: number; limit: number; minutes: number; active: boolean };
  holding: boolean;
}

export const MEETINGS_CSV = "/api/admin/meetings.csv";

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<AdminResult<T>> {
  try {
    const res = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.ok) return { ok: true, data: (await res.json()) as T };
    if (res.status === 401) return { ok: false, error: "no-session" };
    if (res.status === 404) return { ok: false, error: "not-found" };
    if (res.status === 503) return { ok: false, error: "unavailable" };
    return { ok: false, error: "failed" };
  } catch {
    return { ok: false, error: "failed" };
  }
}

export const meetingsApi = {
  list: () => call<{ days: MeetingDay[] }>("GET", "/api/admin/meetings"),
  cancel: (id: string, message: string) =>
    call<{ state: string }>("POST", `/api/admin/meetings/${encodeURIComponent(id)}/cancel`, { message }),
  noShow: (id: string, noShow: boolean) =>
    call<{ noShow: boolean }>("POST", `/api/admin/meetings/${encodeURIComponent(id)}/no-show`, { noShow }),
  decide: (id: string, decision: "approve" | "decline") =>
    call<{ state: string }>("POST", `/api/admin/meetings/${encodeURIComponent(id)}/${decision}`, {}),
  approval: () => call<Approval>("GET", "/api/admin/meetings/approval"),
  setApproval: (mode: ApprovalMode) => call<Approval>("POST", "/api/admin/meetings/approval", { mode }),
};
