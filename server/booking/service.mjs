// The free meeting's rules over the store and the calendar, one set for the endpoints, the manage
// page, Emma's call tools and the operator's page (decision 064).
import { emailKey as hashedKey } from "../guards/request.mjs";
import { freeSlots, holidayCheck } from "./rules/slots.mjs";
import { localDate, spokenWhen, swedishDay, swedishShortDay, swedishTime, swedishWhen } from "./rules/swedish-time.mjs";
import { wishWindow } from "./rules/wish.mjs";
import { intakeParams, validateFields } from "../lib/message-fields.mjs";
import { kindOfTemplate } from "#common/message-kinds.mjs";
import { systemClock } from "../lib/clock.mjs";

const DAY = 86_400_000;
/** A time offered a moment ago stays choosable this long after the notice's edge passed it. */
const CHOICE_GRACE_MS = 2 * 60_000;
/** More than the horizon's slots: every free time ahead, for the manage page's days. */
const ALL_AHEAD = 2000;
const REMINDER_LEAD_MS = DAY;

export class CalendarUnavailableError extends Error {
  name = "CalendarUnavailableError";
}

/** The get-started form's lead when the inbox's mapping says so, else the chat's. @param {unknown} templateId @param {Record<string, string>} templates */
export function webLead(templateId, templates) {
  const kind = kindOfTemplate(templateId, templates) === "get-started" ? "get-started" : "lead";
  return { kind, template: templates[kind] };
}

/** @param {{ meetings: ReturnType<typeof import("../adapters/store/meetings.mjs").createStoreMeetings>, mail: boolean,
 *   calendar: ReturnType<typeof import("../adapters/calendar/index.mjs").createCalendar>, config: ReturnType<typeof import("./config.mjs").bookingConfig>,
 *   fields: any[], salesChannels?: string[], kick?: () => void, now?: () => Date, subjects?: Record<string, string>, services?: string[] }} options */
export function createBookingService({
  meetings,
  calendar,
  config,
  fields,
  salesChannels = [],
  mail,
  kick = () => {},
  now = systemClock,
  subjects,
  services,
}) {
  const { hours } = config;
  const isHoliday = holidayCheck(hours);

  const calendarWindow = (/** @type {Date} */ at) => ({
    from: at.getTime() - DAY,
    to: at.getTime() + (hours.horizonDays + 2) * DAY,
  });

  async function busyNow(at) {
    let fromCalendar = [];
    if (calendar) {
      try {
        fromCalendar = await calendar.busy(calendarWindow(at));
      } catch (error) {
        throw new CalendarUnavailableError("The team's calendar cannot be read", { cause: error });
      }
    }
    return [...fromCalendar, ...(await meetings.taken(new Date(at.getTime() - DAY)))];
  }

  const view = (slot) => ({
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
    label: swedishWhen(slot.start, hours.zone),
  });

  /** Nearest first. @param {{ after?: number, from?: number, to?: number, limit?: number, at?: Date }} [query] */
  async function freeTimes({ after, from, to, limit = 3, at = now() } = {}) {
    const busy = await busyNow(at);
    const found = freeSlots(hours, { now: at, busy, isHoliday, after, from, to, limit: limit + 1 });
    return { slots: found.slice(0, limit).map(view), more: found.length > limit };
  }

  async function freeDays() {
    const { slots } = await freeTimes({ limit: ALL_AHEAD });
    /** @type {Map<string, { date: string, name: string, short: string, times: { start: string, time: string }[] }>} */
    const days = new Map();
    for (const slot of slots) {
      const date = localDate(slot.start, hours.zone);
      if (!days.has(date))
        days.set(date, {
          date,
          name: swedishDay(slot.start, hours.zone),
          short: swedishShortDay(slot.start, hours.zone),
          times: [],
        });
      days.get(date)?.times.push({ start: slot.start, time: swedishTime(slot.start, hours.zone) });
    }
    return [...days.values()];
  }

  async function isFree(start) {
    const t = Date.parse(start);
    if (!Number.isFinite(t)) return null;
    const at = new Date(now().getTime() - CHOICE_GRACE_MS);
    const { slots } = await freeTimes({ from: t, to: t + 1, limit: 1, at });
    return slots[0] ?? null;
  }

  const effectsOfBooking = (kind) => (meeting) => {
    const at = now();
    const list = [];
    if (mail) {
      list.push({ channel: `booking:${kind}:${meeting.sequence}`, at });
      const remindAt = Date.parse(meeting.start) - REMINDER_LEAD_MS;
      if (remindAt > at.getTime())
        list.push({ channel: `booking:reminder:${meeting.sequence}`, at: new Date(remindAt) });
    }
    if (calendar?.writable) list.push({ channel: `booking:calendar:${meeting.sequence}`, at });
    return list;
  };

  /** The sales team's mail of a visitor's change, with the time before it (its payload). */
  const teamEffect = (meeting, change, from) =>
    salesChannels.includes("email")
      ? [{ channel: `booking:team:${meeting.sequence}`, at: now(), payload: { change, from, to: meeting.start } }]
      : [];

  const surgeNotice = (meeting, surge) =>
    salesChannels.includes("email")
      ? [
          {
            channel: `booking:surge:${meeting.sequence}`,
            at: now(),
            payload: { ...surge, minutes: config.surgeMinutes, limit: config.surgeCount },
          },
        ]
      : [];

  const effectsOfCancel = (/** @type {boolean} */ byVisitor) => (meeting) => {
    const at = now();
    return [
      ...(mail ? [{ channel: `booking:cancel:${meeting.sequence}`, at }] : []),
      ...(calendar?.writable ? [{ channel: `booking:calendar:${meeting.sequence}`, at }] : []),
      ...(byVisitor ? teamEffect(meeting, "cancel", meeting.start) : []),
    ];
  };

  /** As the inbox takes a message (intakeParams), after the lead form's rules. @param {string} kind @param {Record<string, unknown>} raw
   * @returns {{ params: Record<string, string> } | { status: "invalid", errors: Record<string, string> }} */
  function check(kind, raw) {
    const value = (/** @type {string} */ name) => (typeof raw[name] === "string" ? raw[name] : "");
    const values = {
      name: value("from_name"),
      email: value("from_email"),
      phone: value("phone"),
      company: value("company"),
    };
    const errors = validateFields(values, fields);
    if (Object.keys(errors).length) return { status: "invalid", errors };
    const intake = intakeParams(kind, raw, { subjects, services });
    return "error" in intake ? { status: "invalid", errors: { params: intake.error } } : intake;
  }

  const service = {
    hours,
    now,
    /** Whether the visitor gets mails (SMTP configured). */
    mails: mail,
    freeTimes,
    /** The free slot starting at `start`, or null: a time a model names is checked here. */
    isFree,

    /** Free times in a wished time ("imorgon förmiddag", `wish: "found"`), else as asked (`wish: "missed"` if wished).
     * @param {{ when?: string, after?: number, from?: number, to?: number, limit?: number }} query */
    async offer({ when = "", after, from, to, limit }) {
      const wish = wishWindow(when, now(), hours.zone);
      if (wish) {
        const near = await freeTimes({ from: wish.from, to: wish.to, limit });
        if (near.slots.length) return { ...near, wish: "found" };
      }
      const times = await freeTimes({ after, from, to, limit });
      return wish ? { ...times, wish: "missed" } : times;
    },
    freeDays,
    /** Whether free times can be offered: the team's calendar, if any, has answered (it is asked if not). */
    async calendarReady() {
      if (!calendar || calendar.hasAnswered?.()) return true;
      return calendar.busy(calendarWindow(now())).then(
        () => true,
        () => false,
      );
    },
    label: (/** @type {string} */ start) => swedishWhen(start, hours.zone),
    spoken: (/** @type {string} */ start) => spokenWhen(start, hours.zone),

    /** "held" with the meeting, "taken", "unknown" (not a free time now) or "limit" (this client holds enough already).
     * @param {{ start: string, kind?: string, source?: string, address?: string, holdKey?: string }} request */
    async hold({ start, kind = "video", source, address, holdKey }) {
      const slot = await isFree(start);
      if (!slot) {
        // A repeated tool call finds its own slot taken: that meeting, only at its exact start (decision 059).
        const own = holdKey ? await meetings.byHoldKey(holdKey) : null;
        if (own && own.state !== "cancelled" && Date.parse(own.start) === Date.parse(start))
          return { status: "held", meeting: own, label: swedishWhen(own.start, hours.zone) };
        return { status: "unknown" };
      }
      const result = await meetings.hold({
        start: new Date(slot.start),
        end: new Date(slot.end),
        holdMinutes: hours.holdMinutes,
        kind: kind === "phone" ? "phone" : "video",
        source,
        holdKey,
        addressKey: address ? hashedKey(address) : undefined,
        maxOpenHolds: config.openHolds,
      });
      return result.status === "held" ? { ...result, label: slot.label } : result;
    },

    check,

    /** Books a hold as a lead of `kind` ("lead", "get-started", "samtal"); a call back needs a phone number.
     * @param {string} holdId @param {{ kind: string, template?: string, params: Record<string, unknown>, page?: string, callId?: string }} lead */
    async confirm(holdId, lead) {
      const checked = check(lead.kind, lead.params);
      if (!("params" in checked)) return checked;
      const p = checked.params;
      const meeting = await meetings.get(holdId);
      if (!meeting) return { status: "unknown" };
      if (meeting.kind === "phone" && !p.phone?.trim()) return { status: "invalid", errors: { phone: "phone" } };
      const when = swedishWhen(meeting.start, hours.zone);
      const result = await meetings.confirm(holdId, {
        record: {
          kind: lead.kind,
          template: lead.template,
          params: { ...p, meeting: when },
          receivedAt: now(),
          page: lead.page,
          ...(lead.callId ? { callId: lead.callId } : {}),
        },
        channels: salesChannels,
        effects: effectsOfBooking("confirm"),
        maxUpcoming: config.upcomingPerEmail,
        // Counted with the bookings themselves, the web's and a call's alike (decision 059).
        maxRecent: config.emailLimit,
        recentSince: new Date(now().getTime() - config.window * 1000),
        maxPerAddress: config.addressLimit,
        addressSince: new Date(now().getTime() - DAY),
        approval: {
          fallback: config.approval,
          surgeCount: config.surgeCount,
          surgeSince: new Date(now().getTime() - config.surgeMinutes * 60_000),
          surgeWindowMs: config.surgeMinutes * 60_000,
          notice: surgeNotice,
        },
      });
      if (result.status === "booked" && !result.repeated) kick();
      if (result.status !== "booked") return result;
      const pending = result.meeting.state === "pending";
      return { ...result, pending, label: swedishWhen(result.meeting.start, hours.zone) };
    },

    /** A call's booking, held and confirmed at once: a phone meeting if they left a number, one per call (decision 059).
     * @param {{ start: string, callId?: string, template?: string, params: Record<string, string> }} call */
    async bookCall({ start, callId, template, params }) {
      const held = await service.hold({
        start,
        kind: params.phone ? "phone" : "video",
        source: "samtal",
        holdKey: callId ? `call:${callId}` : undefined,
      });
      if (held.status !== "held") return held;
      const booked = await service.confirm(held.meeting.id, {
        kind: "samtal",
        template,
        callId: callId || undefined,
        params,
      });
      if (booked.status === "unknown") return { status: "gone" };
      // The call's booking again: its own caller's sent again, anyone else on the call is refused.
      const caller = String(params.from_email).toLowerCase();
      if (
        booked.status === "booked" &&
        booked.repeated &&
        String(booked.message?.from_email ?? "").toLowerCase() !== caller
      )
        return { status: "limit" };
      return booked;
    },

    /** Queues the visitor's mails as a booking's. @param {string} id @param {string} by */
    async approve(id, by) {
      const result = await meetings.approve(id, { by, effects: effectsOfBooking("confirm") });
      if (result.status === "approved") kick();
      return result;
    },

    /** A pending booking declined by `by`: its slot is free; its address gets nothing. @param {string} id @param {string} by */
    decline: (/** @type {string} */ id, /** @type {string} */ by) => meetings.decline(id, { by }),

    /** Whether new bookings wait for approval now: the team's choice or the default, and the surge. */
    async approval() {
      const at = now();
      const { setting, recent } = await meetings.approval(new Date(at.getTime() - config.surgeMinutes * 60_000));
      const mode = setting?.mode ?? config.approval;
      const surging = recent.count >= config.surgeCount;
      return {
        mode,
        fallback: config.approval,
        changedBy: setting?.by ?? null,
        changedAt: setting?.at ?? null,
        surge: { count: recent.count, limit: config.surgeCount, minutes: config.surgeMinutes, active: surging },
        holding: mode === "on" || (mode === "surge" && surging),
      };
    },

    setApproval: (/** @type {string} */ mode, /** @type {string} */ by) => meetings.setApproval(mode, by),

    /** One the visitor cancels is told to the sales team. @param {string} id @param {string | null} [note] @param {{ byVisitor?: boolean }} [options] */
    async cancel(id, note = null, { byVisitor = false } = {}) {
      const meeting = await meetings.cancel(id, { note, effects: effectsOfCancel(byVisitor) });
      kick();
      return meeting;
    },

    /** Moves a booking to another free time: "moved", "taken" or "unknown". @param {string} id @param {string} start */
    async move(id, start) {
      const slot = await isFree(start);
      if (!slot) return { status: "unknown" };
      const result = await meetings.move(id, {
        start: new Date(slot.start),
        end: new Date(slot.end),
        effects: (meeting, before) => [
          ...effectsOfBooking("update")(meeting),
          ...teamEffect(meeting, "move", before.start),
        ],
      });
      kick();
      return result;
    },

    byToken: (/** @type {string} */ token) => meetings.byToken(token),
    token: (/** @type {string} */ id) => meetings.token(id),
    meetings,
  };
  return service;
}
