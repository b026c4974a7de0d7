// @vitest-environment node
// Two server processes on one PostgreSQL database: 20 holds of one slot, half to each, give one
// hold and one booking; the winning hold confirmed on both at once gives one booking and one mail.
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/postgres.mjs";
import { tempDir } from "../../testing/helpers.mjs";
import { startSmtp } from "../../testing/receivers.mjs";
import { bookingForms as forms } from "../../testing/booking-forms.mjs";

function startServer(env) {
  const lines = [];
  const child = spawn(process.execPath, ["server/index.mjs"], {
    env: { ...process.env, PORT: "0", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => lines.push(...String(d).split("\n").filter(Boolean)));
  child.stderr.on("data", (d) => lines.push(...String(d).split("\n").filter(Boolean)));
  const url = new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      const m = /on (http:\/\/\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${lines.join("\n")}`)));
  });
  return { child, url, lines };
}

const post = (url, path, body) =>
  fetch(`${url}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", origin: url },
  });

describe("two servers on one PostgreSQL database", () => {
  let db;
  let smtp;
  const servers = [];
  beforeAll(async () => {
    db = await createTestDatabase("t45s");
    smtp = await startSmtp();
  });
  afterAll(async () => {
    for (const s of servers) s.child.kill("SIGKILL");
    await smtp.close();
    await db.drop();
  });

  it("give exactly one booking of 20 parallel attempts at one slot, and one mail for a confirm sent to both", async () => {
    const build = await tempDir();
    await mkdir(join(build, "client"));
    await writeFile(join(build, "forms.json"), JSON.stringify(forms));
    const env = {
      DATABASE_URL: db.url,
      BUILD_ROOT: join(build, "client"),
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: "salj@nordlysai.se",
      BOOKING_HOLD_LIMIT: "1000",
    };
    for (let i = 0; i < 2; i++) servers.push(startServer({ ...env, INBOX_DIR: await tempDir() }));
    const urls = await Promise.all(servers.map((s) => s.url));
    const { slots } = await (await fetch(`${urls[0]}/api/booking/slots`)).json();
    const start = slots[0].start;
    const holds = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(urls[i % 2], "/api/booking/hold", { start })),
    );
    expect(holds.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    const { holdId } = await holds.find((r) => r.status === 200).json();
    const confirm = {
      holdId,
      template_id: "template_lead",
      template_params: {
        from_name: "Anna Berg",
        from_email: "two@example.se",
        subject: "Nytt lead från Emma: Anna Berg",
      },
    };
    const confirms = await Promise.all([0, 1, 0, 1].map((i) => post(urls[i], "/api/booking/confirm", confirm)));
    expect(confirms.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const bookings = await Promise.all(confirms.map((r) => r.json()));
    expect(new Set(bookings.map((b) => b.booking.id)).size).toBe(1);
    expect(bookings.filter((b) => !b.repeated)).toHaveLength(1);
    for (const url of urls) {
      const again = await (
        await fetch(`${url}/api/booking/slots?from=${start}&to=${new Date(Date.parse(start) + 1).toISOString()}`)
      ).json();
      expect(again.slots).toEqual([]);
    }
    const end = Date.now() + 15_000;
    while (!smtp.mails.some((m) => m.to.includes("two@example.se")) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    // Both workers poll the queue for a while: the confirmation still goes once.
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.mails.filter((m) => m.to.includes("two@example.se"))).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes("salj@nordlysai.se"))).toHaveLength(1);
  }, 60_000);
});
