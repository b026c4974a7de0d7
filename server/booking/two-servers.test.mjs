// @vitest-environment node
// Two server processes on one PostgreSQL database: 20 holds of one slot give one hold, its confirm on
// both at once one booking and one mail; open holds per address and bookings per e-mail hold across both.
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/postgres.mjs";
import { tempDir } from "../testing/helpers.mjs";
import { startSmtp } from "../testing/receivers.mjs";
import { bookingForms as forms } from "../testing/booking-forms.mjs";

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

const post = (url, path, body, address = "") =>
  fetch(`${url}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", origin: url, ...(address ? { "x-forwarded-for": address } : {}) },
  });

/** `count` free slot starts, nearest first. */
async function freeStarts(url, count) {
  const starts = [];
  let after = "";
  while (starts.length < count) {
    const { slots } = await (await fetch(`${url}/api/booking/slots?limit=12${after}`)).json();
    if (!slots.length) break;
    starts.push(...slots.map((s) => s.start));
    after = `&after=${slots.at(-1).start}`;
  }
  return starts.slice(0, count);
}

describe("two servers on one PostgreSQL database", () => {
  let db;
  let smtp;
  const servers = [];
  /** @type {string[]} */
  let urls;
  beforeAll(async () => {
    db = await createTestDatabase("t45s");
    smtp = await startSmtp();
    const build = await tempDir();
    await mkdir(join(build, "client"));
    await writeFile(join(build, "forms.json"), JSON.stringify(forms));
    const env = {
      DATABASE_URL: db.url,
      BUILD_ROOT: join(build, "client"),
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: "salj@nordlysai.se",
      BOOKING_HOLD_LIMIT: "1000",
      BOOKING_OPEN_HOLDS: "3",
      BOOKING_EMAIL_LIMIT: "3",
      BOOKING_UPCOMING_PER_EMAIL: "100",
      BOOKING_ADDRESS_LIMIT: "1000",
      BOOKING_SURGE_COUNT: "1000",
      TRUST_PROXY: "1",
    };
    for (let i = 0; i < 2; i++) servers.push(startServer({ ...env, INBOX_DIR: await tempDir() }));
    urls = await Promise.all(servers.map((s) => s.url));
  }, 60_000);
  afterAll(async () => {
    // Stopped as systemd stops them (their mail connections closed), before the SMTP server.
    await Promise.all(
      servers.map(
        (s) =>
          new Promise((resolve) => {
            if (s.child.exitCode !== null) return resolve(undefined);
            const timer = setTimeout(() => s.child.kill("SIGKILL"), 10_000);
            s.child.once("exit", () => resolve(clearTimeout(timer)));
            s.child.kill("SIGTERM");
          }),
      ),
    );
    await smtp.close();
    await db.drop();
  });

  it("give exactly one booking of 20 parallel attempts at one slot, and one mail for a confirm sent to both", async () => {
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

  it("let one address hold BOOKING_OPEN_HOLDS of 20 slots asked for at once, half on each", async () => {
    const starts = await freeStarts(urls[0], 20);
    expect(starts).toHaveLength(20);
    const holds = await Promise.all(
      starts.map((start, i) => post(urls[i % 2], "/api/booking/hold", { start }, "203.0.113.7")),
    );
    const statuses = holds.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
  }, 60_000);

  it("book BOOKING_EMAIL_LIMIT of 20 confirms with one e-mail sent at once, half on each", async () => {
    const starts = await freeStarts(urls[0], 20);
    expect(starts).toHaveLength(20);
    const holds = await Promise.all(
      starts.map(async (start, i) => {
        const res = await post(urls[i % 2], "/api/booking/hold", { start }, `198.51.100.${i + 1}`);
        expect(res.status).toBe(200);
        return (await res.json()).holdId;
      }),
    );
    const confirms = await Promise.all(
      holds.map((holdId, i) =>
        post(urls[i % 2], "/api/booking/confirm", {
          holdId,
          template_id: "template_lead",
          template_params: { from_name: "Many Times", from_email: "many@example.se", subject: "Nytt lead från Emma" },
        }),
      ),
    );
    const statuses = confirms.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
  }, 60_000);
});
