// The visitor's own page of a booking (/bokning?t=…): see the time, cancel, or pick another.
// Plain HTML from the server, no scripts, so it works on any phone; never prerendered or indexed.
import { escapeHtml, page } from "../forms.mjs";

const button = "rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white";
const quiet = "rounded-xl border border-ink-300 px-5 py-3 font-semibold text-ink-900";

/**
 * @param {{ copy: any, styles: string, notice?: string, alert?: boolean, meeting?: any, label?: string,
 *   token?: string, times?: { start: string, label: string }[] }} view
 */
export function managePage({ copy, styles, notice = "", alert = false, meeting, label = "", token = "", times = [] }) {
  const p = copy.page;
  const config = { siteName: copy.company, copy: { backHome: p.back } };
  const say = notice
    ? `<p ${alert ? 'role="alert"' : 'role="status"'} class="mt-4 text-lg text-ink-800">${escapeHtml(notice)}</p>`
    : "";
  if (!meeting)
    return page({
      config,
      styles,
      title: p.title,
      body: `<h1 class="mt-6 text-3xl font-bold tracking-tight">${escapeHtml(p.heading)}</h1>${say}`,
    });
  const hidden = `<input type="hidden" name="t" value="${escapeHtml(token)}">`;
  let body = `<h1 class="mt-6 text-3xl font-bold tracking-tight">${escapeHtml(p.heading)}</h1>${say}`;
  body += `<p class="mt-4 text-lg"><span class="font-semibold">${escapeHtml(p.when)}:</span> ${escapeHtml(label)}</p>`;
  if (meeting.state === "booked") {
    body +=
      `<form method="post" action="/bokning" class="mt-6">${hidden}<input type="hidden" name="action" value="cancel">` +
      `<button type="submit" class="${quiet}">${escapeHtml(p.cancel)}</button></form>`;
    body += times.length
      ? `<form method="post" action="/bokning" class="mt-8 flex flex-col gap-4">${hidden}<input type="hidden" name="action" value="move">` +
        `<fieldset class="flex flex-col gap-2"><legend class="mb-2 text-lg font-semibold">${escapeHtml(p.move)}</legend>` +
        times
          .map(
            (t, i) =>
              `<label class="flex items-center gap-2 py-1"><input type="radio" name="start" value="${escapeHtml(t.start)}"${i === 0 ? " required" : ""}> ${escapeHtml(t.label)}</label>`,
          )
          .join("") +
        `</fieldset><div><button type="submit" class="${button}">${escapeHtml(p.moveSubmit)}</button></div></form>`
      : `<p class="mt-8 text-ink-700">${escapeHtml(p.noTimes)}</p>`;
  }
  return page({ config, styles, title: p.title, body });
}
