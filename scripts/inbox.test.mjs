// @vitest-environment node
// `npm run inbox` against the store on both engines: list with what is not yet delivered, show,
// export and erase of one person.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../server/adapters/store/index.mjs";
import { createTestDatabase } from "../server/testing/postgres.mjs";
import { tempDir } from "../server/testing/helpers.mjs";
import { HOUR, plus, startOfSuite, stockholm, stockholmDate } from "../server/testing/clock.mjs";

const run = promisify(execFile);
// The suite's frozen now; Anna wrote three days before at 10:00 Stockholm, then two days before at
// 10:00, and Bo that day at 11:00; the failed mail is tried again an hour after now.
const NOW = startOfSuite();
const ANNA_AT = stockholm(NOW, -3, "10:00");
const LEAD_AT = stockholm(NOW, -2, "10:00");
const BO_AT = stockholm(NOW, -2, "11:00");
const NEXT_TRY = plus(NOW, HOUR);

describe.each(["sqlite", "postgres"])("npm run inbox on %s", (engine) => {
  let env;
  let drop = async () => {};
  beforeAll(async () => {
    const dir = await tempDir();
    env = { ...process.env, INBOX_DIR: dir, DATABASE_URL: "", BUILD_ROOT: `${dir}/no-build/client` };
    mkdirSync(join(dir, "no-build"));
    if (engine === "postgres") {
      const db = await createTestDatabase();
      env.DATABASE_URL = db.url;
      drop = db.drop;
    }
    const store = openStore({
      dir,
      databaseUrl: env.DATABASE_URL || undefined,
      log: () => {},
      notificationChannels: ["email"],
      now: () => NOW,
    });
    const params = (name, email) => ({
      from_name: name,
      from_email: email,
      subject: `Hej från ${name}`,
      message: "Ring mig",
    });
    await store.addMessage({
      kind: "contact",
      template: "template_contact",
      params: params("Anna Berg", "anna@firma.se"),
      receivedAt: ANNA_AT,
    });
    await store.addMessage({
      kind: "lead",
      template: "template_lead",
      params: { ...params("Anna Berg", "ANNA@firma.se"), conversation: "Emma: Hej!" },
      receivedAt: LEAD_AT,
    });
    const bo = await store.addMessage(
      {
        kind: "contact",
        template: "template_contact",
        params: params("Bo Ek", "bo@firma.se"),
        receivedAt: BO_AT,
      },
      { channels: [] },
    );
    const [n] = await store.claimDueNotifications(NOW, 1);
    await store.markNotification(n.id, {
      error: "SMTP 421 try later",
      nextAttemptAt: NEXT_TRY,
    });
    await store.updateMessage(bo.id, { state: "handled", note: "Ringt" });
    await store.close();
  });
  afterAll(() => drop());

  const inbox = (...args) => run(process.execPath, ["scripts/inbox.mjs", ...args], { env });

  it("lists the newest first and what is not yet delivered", async () => {
    const { stdout } = await inbox();
    const lines = stdout.split("\n");
    expect(lines[1]).toMatch(/^\s+1 .*contact\s+Bo Ek\s+bo@firma.se\s+Hej från Bo Ek$/);
    expect(lines[3]).toMatch(/^\s+3 .*contact\s+Anna Berg/);
    expect(stdout).toMatch(/3 message\(s\) in /);
    expect(stdout).toMatch(/2 notification\(s\) not yet delivered:/);
    const nextTry = NEXT_TRY.toISOString().replace(/\./g, "\\.");
    expect(stdout).toMatch(new RegExp(`email\\s+pending, 1 attempt\\(s\\), next try ${nextTry}: SMTP 421 try later`));
    expect((await inbox("show", "1")).stdout).toMatch(/state:\s+handled \(note: Ringt\)/);
    expect((await inbox("pending")).stdout).toMatch(/^2 notification\(s\) not yet delivered/);
  }, 30_000);

  it("writes the operator page's CSV: a BOM, `;`, the build's Swedish words, Stockholm time, oldest first", async () => {
    writeFileSync(
      join(env.INBOX_DIR, "no-build", "forms.json"),
      JSON.stringify({
        admin: {
          csv: {
            columns: { receivedAt: "Mottaget", kind: "Typ", state: "Status", from_name: "Namn", from_email: "E-post" },
            kinds: { contact: "Kontakt", lead: "Lead från Emma" },
            states: { open: "Ny", handled: "Klar" },
            yes: "ja",
          },
        },
      }),
    );
    const file = join(env.INBOX_DIR, "export.csv");
    expect((await inbox("csv", file)).stdout).toMatch(/^3 message\(s\) written to /);
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const cells = (line, n) =>
      line
        .split(";")
        .slice(0, n)
        .map((c) => c.replace(/^"|"$/g, ""));
    const [header, ...rows] = text.slice(1).trimEnd().split("\r\n");
    expect(cells(header, 5)).toEqual(["Mottaget", "Typ", "Status", "owner", "Namn"]);
    expect(rows.map((r) => cells(r, 3))).toEqual([
      [`${stockholmDate(ANNA_AT)} 10:00`, "Kontakt", "Ny"],
      [`${stockholmDate(LEAD_AT)} 10:00`, "Lead från Emma", "Ny"],
      [`${stockholmDate(BO_AT)} 11:00`, "Kontakt", "Klar"],
    ]);
    // To a terminal: the same lines without the BOM.
    const { stdout } = await inbox("csv");
    expect(stdout).toBe(text.slice(1));
    rmSync(join(env.INBOX_DIR, "no-build", "forms.json"));
  }, 30_000);

  it("exports everything about a person as JSON, then erases it and says how much", async () => {
    const exported = JSON.parse((await inbox("export", "Anna@Firma.se")).stdout);
    expect(exported.map((m) => m.kind)).toEqual(["contact", "lead"]);
    expect(exported[1]).toMatchObject({ from_name: "Anna Berg", params: { conversation: "Emma: Hej!" } });
    expect(exported[0].notifications[0]).toMatchObject({ channel: "email" });
    expect((await inbox("erase", "anna@firma.se")).stdout).toMatch(/^Erased 2 message\(s\)/);
    expect(JSON.parse((await inbox("export", "anna@firma.se")).stdout)).toEqual([]);
    expect((await inbox()).stdout).toMatch(/1 message\(s\) in /);
    await expect(inbox("erase")).rejects.toMatchObject({ stderr: expect.stringMatching(/e-mail address/) });
  }, 30_000);
});
