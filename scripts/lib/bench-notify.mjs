// The sales team's notification for `npm run bench` (issue 29): the time from a form's submit
// (the browser's POST to the local inbox) to the mail received by an SMTP server on loopback.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mailHeader, startSmtp } from "../../server/testing/receivers.mjs";
import { percentile, startSiteServer as startServer } from "./site-server.mjs";

/** Milliseconds from each of `runs` submits, one after another, to its notification mail. */
export async function benchNotify({ runs = 20, buildDir = "build", log = () => {} } = {}) {
  const smtp = await startSmtp();
  const dir = await mkdtemp(join(tmpdir(), "bench-notify-"));
  const site = await startServer({
    BUILD_ROOT: join(buildDir, "client"),
    INBOX_DIR: dir,
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_TO: "salj@example.se",
    INBOX_RATE_LIMIT: "100000",
  });
  const times = [];
  try {
    for (let i = 0; i < runs; i++) {
      const email = `bench${i}@example.se`;
      const started = performance.now();
      const res = await fetch(`${site.url}/api/v1.0/email/send`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site.url },
        body: JSON.stringify({
          lib_version: "local",
          user_id: "local-inbox",
          service_id: "local_inbox",
          template_id: "template_get_started",
          template_params: {
            from_name: "Bench",
            from_email: email,
            selected_service: "Automation",
            subject: "Ny förfrågan för Automation",
          },
        }),
      });
      if (!res.ok) throw new Error(`submit ${i} answered ${res.status}`);
      const deadline = started + 60_000;
      let mail;
      while (!(mail = smtp.mails.find((m) => mailHeader(m.raw, "Reply-To") === email))) {
        if (performance.now() > deadline) throw new Error(`no notification for submit ${i} in 60 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      times.push(mail.at - started);
    }
  } finally {
    site.stop();
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  }
  const figures = { runs, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: Math.max(...times) };
  log(`notify: submit → mail p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms`);
  return figures;
}

/** The bench's lines for these figures, with the target. */
export function notifyReport(f) {
  const mark = f.p95 <= 5000 ? "✓" : "✗";
  return [
    "Lead notification (issue 29):",
    `  ${mark} submit → mail received ${f.p50.toFixed(0)} ms p50, ${f.p95.toFixed(0)} ms p95, ${f.max.toFixed(0)} ms max of ${f.runs} (target p95 ≤ 5 s; SMTP server on loopback)`,
  ];
}

// `node scripts/lib/bench-notify.mjs [runs]`: these figures alone, on the build that is there.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchNotify({ runs: Number(process.argv[2] ?? 20), log: (msg) => console.log(msg) });
  console.log(notifyReport(figures).join("\n"));
}
