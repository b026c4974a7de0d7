// The free meeting for `npm run bench` (issue 45): the free-times endpoint's answer time with a
// 500-event calendar (a published ICS feed on loopback), and the time from "Boka" (the confirm
// request) to the visitor's invitation mail at an SMTP server on loopback.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSmtp } from "../../server/testing/receivers.mjs";
import { percentile, startSiteServer as startServer } from "./site-server.mjs";

const pad = (n) => String(n).padStart(2, "0");
const stamp = (d) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00Z`;

/**
 * A team's calendar of `count` events from 90 days back to 90 days ahead (a tenth weekly
 * recurring), as an ICS text: some 40 of them fall in the 14 days booked from.
 */
export function calendarOf(count, now = new Date()) {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN"];
  const day = 86_400_000;
  for (let i = 0; i < count; i++) {
    const start = new Date(now.getTime() - 90 * day + Math.floor((i * 180) / count) * day);
    start.setUTCHours(7 + (i % 9), (i % 4) * 15, 0, 0);
    const end = new Date(start.getTime() + (i % 2 ? 45 : 20) * 60_000);
    lines.push(
      "BEGIN:VEVENT",
      `UID:bench-${i}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(end)}`,
    );
    if (i % 10 === 0) lines.push("RRULE:FREQ=WEEKLY;COUNT=8");
    lines.push(`SUMMARY:Möte ${i}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

/**
 * @param {{ runs?: number, mails?: number, buildDir?: string, log?: (line: string) => void }} [options]
 */
export async function benchBooking({ runs = 200, mails = 20, buildDir = "build", log = () => {} } = {}) {
  const feed = calendarOf(500);
  const feedServer = createServer((req, res) => res.writeHead(200, { "content-type": "text/calendar" }).end(feed));
  await new Promise((r) => feedServer.listen(0, "127.0.0.1", r));
  const smtp = await startSmtp();
  const dir = await mkdtemp(join(tmpdir(), "bench-booking-"));
  const site = await startServer({
    BUILD_ROOT: join(buildDir, "client"),
    INBOX_DIR: dir,
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_TO: "salj@example.se",
    BOOKING_BUSY_ICS_URL: `http://127.0.0.1:${/** @type {any} */ (feedServer.address()).port}/calendar.ics`,
    BOOKING_CACHE_SECONDS: "600",
    BOOKING_HOLD_LIMIT: "100000",
    BOOKING_OPEN_HOLDS: "100000",
    BOOKING_EMAIL_LIMIT: "100000",
    BOOKING_ADDRESS_LIMIT: "100000",
    BOOKING_SURGE_COUNT: "100000",
  });
  const headers = { "content-type": "application/json", origin: site.url };
  const slots = async (after = "") => {
    const res = await fetch(`${site.url}/api/booking/slots?limit=12${after && `&after=${after}`}`);
    if (!res.ok) throw new Error(`free times answered ${res.status}`);
    return (await res.json()).slots;
  };
  try {
    let started = performance.now();
    await slots();
    const cold = performance.now() - started;
    const times = [];
    for (let i = 0; i < Math.min(runs, 250); i++) {
      started = performance.now();
      await slots();
      times.push(performance.now() - started);
    }
    const free = { cold, runs: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
    log(
      `booking: free times p50 ${free.p50.toFixed(1)} ms, p95 ${free.p95.toFixed(1)} ms (first ${cold.toFixed(0)} ms)`,
    );

    const toMail = [];
    const first = await slots();
    const offered = [...first, ...(first.length ? await slots(first.at(-1).start) : [])];
    for (let i = 0; i < Math.min(mails, offered.length); i++) {
      const email = `bench${i}@example.se`;
      const held = await fetch(`${site.url}/api/booking/hold`, {
        method: "POST",
        headers,
        body: JSON.stringify({ start: offered[i].start }),
      });
      if (!held.ok) throw new Error(`hold ${i} answered ${held.status}`);
      const { holdId } = await held.json();
      started = performance.now();
      const booked = await fetch(`${site.url}/api/booking/confirm`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          holdId,
          template_id: "template_lead",
          template_params: { from_name: "Bench", from_email: email },
        }),
      });
      if (!booked.ok) throw new Error(`booking ${i} answered ${booked.status}`);
      const deadline = started + 60_000;
      let mail;
      while (!(mail = smtp.mails.find((m) => m.to.includes(email) && m.raw.includes("text/calendar")))) {
        if (performance.now() > deadline) throw new Error(`no invitation for booking ${i} in 60 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      toMail.push(mail.at - started);
    }
    const invite = {
      runs: toMail.length,
      p50: percentile(toMail, 0.5),
      p95: percentile(toMail, 0.95),
      max: Math.max(...toMail),
    };
    log(`booking: Boka → invitation p50 ${invite.p50.toFixed(0)} ms, p95 ${invite.p95.toFixed(0)} ms`);
    return { free, invite };
  } finally {
    site.stop();
    await smtp.close();
    await new Promise((r) => feedServer.close(r));
    await rm(dir, { recursive: true, force: true });
  }
}

/** The bench's lines for these figures, with the issue's targets. */
export function bookingReport({ free, invite }) {
  return [
    "The free meeting (issue 45):",
    `  ${free.p95 <= 50 ? "✓" : "✗"} free times with a 500-event calendar ${free.p50.toFixed(1)} ms p50, ${free.p95.toFixed(1)} ms p95 of ${free.runs} (first, reading and parsing the calendar: ${free.cold.toFixed(0)} ms; target p95 ≤ 50 ms)`,
    `  ${invite.p95 <= 5000 ? "✓" : "✗"} Boka → invitation received ${invite.p50.toFixed(0)} ms p50, ${invite.p95.toFixed(0)} ms p95, ${invite.max.toFixed(0)} ms max of ${invite.runs} (target p95 ≤ 5 s; SMTP server on loopback)`,
  ];
}

// `node scripts/lib/bench-booking.mjs`: these figures alone, on the build that is there.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchBooking({ log: (msg) => console.log(msg) });
  console.log(bookingReport(figures).join("\n"));
}
