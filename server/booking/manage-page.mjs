// The visitor's page of a booking (/bokning?t=…): plain HTML from the server, no scripts, so it
// works on any phone; never prerendered or indexed.
import { escapeHtml, page } from "../lib/html-page.mjs";

export const BOOK_AGAIN_PATH = "/kom-igang";

/** The manage page's answers, a status and its HTML; a token that names no booking gets one page however it is wrong.
 * @param {{ service: ReturnType<typeof import("./service.mjs").createBookingService>, copy: any, styles: string }} options */
export function createManagePage({ service, copy, styles }) {
  const answer = (/** @type {string} */ html, status = 200) => ({ status, html });
  const invalid = () => answer(managePage({ copy, styles, notice: copy.page.invalid }), 404);
  const busy = () => answer(managePage({ copy, styles, notice: copy.page.busy, alert: true }), 503);

  /** @param {any} meeting @param {string} token @param {{ notice?: string, alert?: boolean, day?: unknown, step?: "" | "cancel" }} [view] */
  async function show(meeting, token, { notice = "", alert = false, day = "", step = "" } = {}) {
    const days = meeting.state === "booked" && step !== "cancel" ? await service.freeDays().catch(() => []) : [];
    return answer(
      managePage({
        copy,
        styles,
        meeting,
        token,
        label: service.label(meeting.start),
        days,
        day: typeof day === "string" ? day : "",
        step,
        notice,
        alert,
      }),
    );
  }

  return {
    /** `cancel`: the cancellation's step. @param {string} token @param {{ day?: unknown, cancel?: boolean }} query */
    async view(token, { day, cancel = false }) {
      try {
        const meeting = await service.byToken(token);
        if (!meeting) return invalid();
        return show(meeting, token, { day, step: cancel ? "cancel" : "" });
      } catch {
        return busy();
      }
    },

    /** @param {string} token @param {{ action?: unknown, confirmed?: unknown, start?: unknown, day?: unknown }} form */
    async act(token, { action, confirmed, start, day }) {
      try {
        const meeting = await service.byToken(token);
        if (!meeting) return invalid();
        // Only the confirmation step's post cancels; an unconfirmed one (an old page's) asks first.
        if (action === "cancel" && meeting.state === "booked") {
          if (confirmed !== "1") return show(meeting, token, { step: "cancel" });
          const cancelled = await service.cancel(meeting.id, null, { byVisitor: true });
          return show(cancelled ?? meeting, token);
        }
        if (action === "move" && meeting.state === "booked" && typeof start === "string") {
          const moved = await service.move(meeting.id, start);
          if (moved.status === "moved") return show(moved.meeting, token, { notice: copy.page.moved });
          return show(meeting, token, { notice: copy.page.taken, alert: true, day });
        }
        return show(meeting, token);
      } catch {
        return busy();
      }
    },
  };
}

const button = "rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white";
const quiet = "rounded-xl border border-ink-300 px-5 py-3 font-semibold text-ink-900";
const chip = "inline-block rounded-full border border-ink-300 px-3 py-2 text-sm text-ink-900";
const chipCurrent = "inline-block rounded-full bg-brand-700 px-3 py-2 text-sm font-semibold text-white";

/** @typedef {{ date: string, name: string, short: string, times: { start: string, time: string }[] }} FreeDay
 * @param {{ copy: any, styles: string, notice?: string, alert?: boolean, meeting?: any, label?: string, token?: string,
 *   days?: FreeDay[], day?: string, step?: "" | "cancel" }} view `day`: the day of times shown, else the first */
export function managePage({
  copy,
  styles,
  notice = "",
  alert = false,
  meeting,
  label = "",
  token = "",
  days = [],
  day = "",
  step = "",
}) {
  const p = copy.page;
  const config = { siteName: copy.company, copy: { backHome: p.back } };
  const say = notice
    ? `<p ${alert ? 'role="alert"' : 'role="status"'} class="mt-4 text-lg text-ink-800">${escapeHtml(notice)}</p>`
    : "";
  const h1 = (/** @type {string} */ text) =>
    `<h1 class="mt-6 text-3xl font-bold tracking-tight">${escapeHtml(text)}</h1>`;
  if (!meeting) return page({ config, styles, title: p.title, body: `${h1(p.heading)}${say}` });

  const t = escapeHtml(token);
  const hidden = `<input type="hidden" name="t" value="${t}">`;
  const self = `/bokning?t=${encodeURIComponent(token)}`;
  const when = (/** @type {string} */ inner) =>
    `<p class="mt-4 text-lg"><span class="font-semibold">${escapeHtml(p.when)}:</span> ${inner}</p>`;

  if (meeting.state === "cancelled") {
    const body =
      h1(p.cancelledHeading) +
      when(`<s>${escapeHtml(label)}</s> (${escapeHtml(p.cancelledMark)})`) +
      `<p class="mt-4 text-lg text-ink-800">${escapeHtml(p.cancelled)}</p>` +
      `<p class="mt-6"><a href="${BOOK_AGAIN_PATH}" class="inline-block ${button}">${escapeHtml(p.bookAgain)}</a></p>`;
    return page({ config, styles, title: p.title, body });
  }

  if (step === "cancel") {
    const body =
      h1(p.confirmHeading) +
      say +
      when(escapeHtml(label)) +
      `<p class="mt-4 text-lg text-ink-800">${escapeHtml(p.confirmText)}</p>` +
      `<form method="post" action="/bokning" class="mt-6 flex flex-wrap items-center gap-4">${hidden}` +
      `<input type="hidden" name="action" value="cancel"><input type="hidden" name="confirmed" value="1">` +
      `<button type="submit" class="${button}">${escapeHtml(p.confirmYes)}</button>` +
      `<a href="${escapeHtml(self)}" class="${quiet}">${escapeHtml(p.confirmNo)}</a></form>`;
    return page({ config, styles, title: p.title, body });
  }

  let body =
    h1(p.heading) +
    say +
    when(escapeHtml(label)) +
    `<form method="get" action="/bokning" class="mt-6">${hidden}<input type="hidden" name="steg" value="avboka">` +
    `<button type="submit" class="${quiet}">${escapeHtml(p.cancel)}</button></form>`;
  const shown = days.find((d) => d.date === day) ?? days[0];
  body += `<h2 class="mt-10 text-xl font-semibold">${escapeHtml(p.move)}</h2>`;
  if (!shown)
    return page({
      config,
      styles,
      title: p.title,
      body: `${body}<p class="mt-4 text-ink-700">${escapeHtml(p.noTimes)}</p>`,
    });
  body +=
    `<nav aria-label="${escapeHtml(p.days)}" class="mt-4"><ul class="flex flex-wrap gap-2">` +
    days
      .map((d) =>
        d === shown
          ? `<li><a href="${escapeHtml(`${self}&dag=${d.date}`)}" aria-current="date" class="${chipCurrent}">${escapeHtml(d.short)}</a></li>`
          : `<li><a href="${escapeHtml(`${self}&dag=${d.date}`)}" class="${chip}">${escapeHtml(d.short)}</a></li>`,
      )
      .join("") +
    `</ul></nav>`;
  body +=
    `<form method="post" action="/bokning" class="mt-6 flex flex-col gap-4">${hidden}` +
    `<input type="hidden" name="action" value="move"><input type="hidden" name="dag" value="${escapeHtml(shown.date)}">` +
    `<fieldset class="flex flex-col gap-2"><legend class="mb-2 text-lg font-semibold">${escapeHtml(shown.name)}</legend>` +
    shown.times
      .map(
        (s, i) =>
          `<label class="flex items-center gap-2 py-1"><input type="radio" name="start" value="${escapeHtml(s.start)}"${i === 0 ? " required" : ""}> ${escapeHtml(s.time)}</label>`,
      )
      .join("") +
    `</fieldset><div><button type="submit" class="${button}">${escapeHtml(p.moveSubmit)}</button></div></form>`;
  return page({ config, styles, title: p.title, body });
}
