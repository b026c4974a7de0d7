import { removePersonalData } from "./personal-data.mjs";

/** The server's probe (server/inbox-probe.mjs), named here so this chunk needs no other. */
const STATUS_PATH = "/api/inbox-status.json";

/** How Emma answered a question: from the site's content, by AI, or not at all. */
export type Outcome = "site" | "ai" | "none";
type Report =
  { event: "opened" | "lead" } | { event: "question"; outcome: Outcome; source: "chat" | "demo"; question?: string };

export const REPORT_PATH = "/api/insights";

let enabled: Promise<boolean> | null = null;

/** Whether the site's server takes reports: asked once per page; a static host's file says no. */
function serverTakesReports(): Promise<boolean> {
  enabled ??= fetch(STATUS_PATH, { cache: "no-store" })
    .then(async (res) => res.ok && ((await res.json()) as { insights?: unknown }).insights === true)
    .catch(() => false);
  return enabled;
}

/** Sends a report to the site's own server, if it takes them; never fails, never waits. */
function send(report: Report) {
  if (typeof window === "undefined") return;
  void serverTakesReports().then((yes) => {
    if (!yes) return;
    const body = JSON.stringify({ ...report, page: window.location.pathname });
    void fetch(REPORT_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
    }).catch(() => {});
  });
}

export const reportChatOpened = () => send({ event: "opened" });
export const reportLead = () => send({ event: "lead" });

/** A question and how it was answered; its text, without personal data, only when Emma could not answer. */
export function reportQuestion(question: string, outcome: Outcome, source: "chat" | "demo" = "chat") {
  const text = outcome === "none" ? removePersonalData(question) : "";
  send({ event: "question", outcome, source, ...(text ? { question: text } : {}) });
}

/** Passes an AI result through, counting a question answered by AI. */
export function reportAi<T extends { ok: boolean }>(result: T): T {
  if (result.ok) reportQuestion("", "ai");
  return result;
}
