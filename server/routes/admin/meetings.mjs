// The operator's meetings (docs/sales-team.md), mounted after mountAdmin so its session check guards them too.
import { localDate, startOfLocalDay, swedishDay } from "../../booking/rules/swedish-time.mjs";
import { safeForLog } from "../../lib/log-safe.mjs";
import { csvLine } from "../../lib/csv.mjs";
import { displayEmail } from "../../lib/email-display.mjs";
import { approvalMode } from "../../booking/config.mjs";

const MAX_CANCEL_NOTE = 2000;
const DAY = 86_400_000;

/** Every route of the meetings (the tests check that each refuses a visitor without a session). */
export const MEETING_API_ROUTES = [
  ["GET", "/api/admin/meetings"],
  ["GET", "/api/admin/meetings.csv"],
  ["POST", "/api/admin/meetings/1/cancel"],
  ["POST", "/api/admin/meetings/1/no-show"],
  ["POST", "/api/admin/meetings/1/approve"],
  ["POST", "/api/admin/meetings/1/decline"],
  ["GET", "/api/admin/meetings/approval"],
  ["POST", "/api/admin/meetings/approval"],
];

const CSV_STATES = { booked: "bokat", pending: "väntar på godkännande", cancelled: "avbokat", declined: "avböjt" };

const time = (iso, zone) =>
  new Date(iso).toLocaleTimeString("sv-SE", { timeZone: zone, hour: "2-digit", minute: "2-digit" });

function meetingItem(m, zone) {
  const lead = m.lead;
  return {
    id: m.id,
    start: m.start,
    end: m.end,
    time: time(m.start, zone),
    state: m.state,
    noShow: m.noShow,
    kind: m.kind,
    source: m.source,
    cancelNote: m.cancelNote,
    decidedBy: m.decidedBy,
    lead: lead
      ? {
          id: lead.id,
          kind: lead.kind,
          from_name: lead.from_name ?? "",
          from_email: lead.from_email ?? "",
          from_email_shown: displayEmail(lead.from_email ?? ""),
          phone: lead.phone ?? "",
          company: lead.company ?? "",
          message: lead.params?.message ?? "",
          conversation: lead.params?.conversation ?? "",
        }
      : null,
  };
}

/** @param {import("hono").Hono} app @param {{ service: any, now?: () => Date, log?: (line: string) => void }} options */
export function mountAdminMeetings(app, { service, now = service.now ?? (() => new Date()), log = console.log }) {
  const zone = service.hours.zone;
  // From the start of today on the team's clock to the horizon's end.
  const range = () => {
    const at = now();
    return { from: startOfLocalDay(at, zone), to: new Date(at.getTime() + (service.hours.horizonDays + 2) * DAY) };
  };
  const failed = (c, error) => {
    log(`admin: the meetings failed: ${safeForLog(error?.message ?? error)}`);
    return c.json({ error: "store-unavailable" }, 503);
  };

  app.get("/api/admin/meetings", async (c) => {
    try {
      const list = await service.meetings.list(range());
      /** @type {Map<string, { date: string, label: string, meetings: any[] }>} */
      const days = new Map();
      for (const m of list) {
        const date = localDate(m.start, zone);
        if (!days.has(date)) days.set(date, { date, label: swedishDay(m.start, zone), meetings: [] });
        days.get(date)?.meetings.push(meetingItem(m, zone));
      }
      return c.json({ days: [...days.values()] });
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post("/api/admin/meetings/:id/cancel", async (c) => {
    const body = await c.req.json().catch(() => null);
    const note = typeof body?.message === "string" ? body.message.trim().slice(0, MAX_CANCEL_NOTE) : "";
    try {
      const meeting = await service.meetings.get(c.req.param("id"));
      if (!meeting || meeting.state !== "booked") return c.json({ error: "not-found" }, 404);
      const cancelled = await service.cancel(meeting.id, note || null);
      log("admin: a meeting was cancelled");
      return c.json({ state: cancelled?.state ?? "cancelled" });
    } catch (error) {
      return failed(c, error);
    }
  });

  const actorOf = (c) => /** @type {string} */ (c.get("adminSession")?.account?.name ?? "");

  app.get("/api/admin/meetings/approval", async (c) => {
    try {
      return c.json(await service.approval());
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post("/api/admin/meetings/approval", async (c) => {
    const body = await c.req.json().catch(() => null);
    const mode = approvalMode(body?.mode);
    if (!mode) return c.json({ error: "bad-request" }, 400);
    try {
      await service.setApproval(mode, actorOf(c));
      log(`admin: approval of new bookings set to ${mode}`);
      return c.json(await service.approval());
    } catch (error) {
      return failed(c, error);
    }
  });

  for (const decision of /** @type {const} */ (["approve", "decline"]))
    app.post(`/api/admin/meetings/:id/${decision}`, async (c) => {
      try {
        const result = await service[decision](c.req.param("id"), actorOf(c));
        if (result.status === "unknown") return c.json({ error: "not-found" }, 404);
        if (result.status === "gone") return c.json({ error: "gone" }, 409);
        log(`admin: a pending meeting was ${decision === "approve" ? "approved" : "declined"}`);
        return c.json({ state: result.meeting.state });
      } catch (error) {
        return failed(c, error);
      }
    });

  app.post("/api/admin/meetings/:id/no-show", async (c) => {
    const body = await c.req.json().catch(() => null);
    try {
      const meeting = await service.meetings.markNoShow(c.req.param("id"), body?.noShow !== false);
      if (!meeting) return c.json({ error: "not-found" }, 404);
      return c.json({ noShow: meeting.noShow });
    } catch (error) {
      return failed(c, error);
    }
  });

  app.get("/api/admin/meetings.csv", async (c) => {
    try {
      const list = await service.meetings.list({ from: new Date(0) });
      const header = [
        "Datum",
        "Tid",
        "Status",
        "Uteblev",
        "Typ",
        "Källa",
        "Namn",
        "E-post",
        "Telefon",
        "Företag",
        "Meddelande vid avbokning",
      ];
      const rows = list.map((m) => [
        localDate(m.start, zone),
        time(m.start, zone),
        CSV_STATES[m.state] ?? m.state,
        m.noShow ? "ja" : "",
        m.kind === "phone" ? "telefon" : "video",
        m.source ?? "",
        m.lead?.from_name ?? "",
        m.lead?.from_email ?? "",
        m.lead?.phone ?? "",
        m.lead?.company ?? "",
        m.cancelNote ?? "",
      ]);
      // Semicolons: Swedish Excel reads the comma as a decimal comma (as the inbox's CSV).
      return c.body(`\uFEFF${[header, ...rows].map((r) => csvLine(r, ";")).join("")}`, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="moten-${localDate(now(), zone)}.csv"`,
      });
    } catch (error) {
      return failed(c, error);
    }
  });
}
