import { removePersonalData } from "#common/personal-data.mjs";

/** The server's probe (server/routes/inbox-probe.mjs), named here so this chunk needs no other. */
const STATUS_PATH = "/api/inbox-status.json";

/** How Emma answered a question: from the site's content, by AI, or not at all. */
export type Outcome = "site" | "ai" | "none";
type Report =
  { event: "opened" | "lead" } | { event: "question"; outcome: Outcome; source: "chat" | "demo"; question?: string };

export const REPORT_PATH = "/api/insights";
/** The server's limit per client address (REPORT_LIMITS in server/routes/insights/report.mjs): more earn 429s. */
export const REPORTS_PER_MINUTE = 20;

/** A sliding window: whether one more report fits, `limit` a `windowMs`. */
export function reportWindow(limit = REPORTS_PER_MINUTE, windowMs = 60_000) {
  const sent: number[] = [];
  return (now: number) => {
    while (sent.length && now - sent[0]! >= windowMs) sent.shift();
    if (sent.length >= limit) return false;
    sent.push(now);
    return true;
  };
}
const fits = reportWindow();

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
    // A visitor asking faster than the server counts is not worth a failed request in the console.
    if (!yes || !fits(Date.now())) return;
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
