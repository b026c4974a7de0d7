import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser } from "@playwright/test";
import { hashPassword } from "../../server/routes/admin/password.mjs";
import { createTestDatabase } from "../../server/testing/postgres.mjs";
import { startSiteServer } from "../../scripts/lib/site-server.mjs";
import { expect, test } from "./fixtures";

const run = promisify(execFile);
/** The bound for the browser: what the server delivers within 1 s shows within 2 s. */
const LIVE = { timeout: 2000 };

/** `npm run admin:user -- add` on the shared database: the one-time link it prints. */
async function addSalesperson(databaseUrl: string, siteUrl: string, name: string, email: string) {
  const { stdout } = await run(process.execPath, ["scripts/admin-user.mjs", "add", name, email], {
    env: { ...process.env, DATABASE_URL: databaseUrl, VITE_SITE_URL: siteUrl },
  });
  return /(http\S+\/admin\/valkommen#\S+)/.exec(stdout)![1]!;
}

/** A salesperson's first visit on the instance `url`: a password of their own, then the inbox. */
async function firstVisit(browser: Browser, url: string, link: string, password: string) {
  const page = await (await browser.newContext({ baseURL: url })).newPage();
  await page.goto(`${url}${new URL(link).pathname}${new URL(link).hash}`);
  await page.getByLabel("Nytt lösenord").fill(password);
  await page.getByRole("button", { name: "Spara och logga in" }).click();
  await expect(page.getByRole("heading", { name: "Inkorg" })).toBeVisible();
  return page;
}

test("two salespeople on two instances: a new lead and a colleague's assignment show live", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const db = await createTestDatabase("t53e");
  const hash = await hashPassword("testlösenord för admin", { N: 1024, r: 8, p: 1 });
  const env = { DATABASE_URL: db.url, ADMIN_PASSWORD_HASH: hash, INBOX_RATE_LIMIT: "1000" };
  const start = () => startSiteServer({ ...env, INBOX_DIR: mkdtempSync(join(tmpdir(), "t53-live-")) });
  const [a, b] = await Promise.all([start(), start()]);
  try {
    const saraLink = await addSalesperson(db.url, a.url, "Sara Säljare", "sara@nordlysai.se");
    const perLink = await addSalesperson(db.url, a.url, "Per Åberg", "per@nordlysai.se");
    const sara = await firstVisit(browser, a.url, saraLink, "Saras eget långa lösenord");
    const per = await firstVisit(browser, b.url, perLink, "Pers eget långa lösenord");
    // Each sees the other online, whichever instance serves them.
    await expect(sara.getByText(/Online nu: .*Per Åberg/)).toBeVisible(LIVE);
    await expect(per.getByText(/Online nu: .*Sara Säljare/)).toBeVisible(LIVE);

    const sent = await request.post(`${a.url}/api/v1.0/email/send`, {
      headers: { origin: a.url },
      data: {
        lib_version: "4.4.1",
        user_id: "local-inbox",
        service_id: "local_inbox",
        template_id: "template_lead",
        template_params: { from_name: "Åsa Öberg", from_email: "asa@example.se", message: "Ring mig" },
      },
    });
    expect(sent.ok()).toBe(true);
    const row = (page: typeof sara) => page.locator("table tbody tr").filter({ hasText: "Åsa Öberg" });
    await expect(row(sara)).toHaveCount(1, LIVE);
    await expect(row(per)).toHaveCount(1, LIVE);

    await row(sara).getByRole("link").click();
    await sara.getByLabel("Ansvarig").selectOption({ label: "Per Åberg" });
    await expect(sara.getByText("Sparat.")).toBeVisible();
    await expect(row(per)).toContainText("Per Åberg", LIVE);

    // Per opens it; Sara marks it handled on her instance and Per's open view follows.
    await row(per).getByRole("link").click();
    await expect(per.getByRole("heading", { name: "Meddelande från Åsa Öberg" })).toBeVisible();
    await sara.getByRole("button", { name: "Markera som hanterad" }).click();
    await expect(per.getByRole("region", { name: "Historik" })).toContainText(
      "Markerat som hanterat av Sara Säljare",
      LIVE,
    );
  } finally {
    a.stop();
    b.stop();
    await db.drop();
  }
});
