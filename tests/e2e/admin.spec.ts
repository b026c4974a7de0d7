import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { hashPassword } from "../../server/routes/admin/password.mjs";
import { describeViolations, axeScan } from "./axe";
import { ask, openChat } from "./chat-helpers";
import { expect, test as base } from "./fixtures";
import { startSiteServer } from "../../scripts/lib/site-server.mjs";

const PASSWORD = "testlösenord för admin";
const INBOX_COLUMNS =
  '"received_at","kind","via","suspected_spam","from_name","from_email","company","phone","selected_service","subject","message"';

/** The site's server as `npm start` runs it, with /admin on (a cheap hash: the format is the same). */
async function startSite(env: Record<string, string>) {
  const hash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
  return startSiteServer({
    INBOX_DIR: mkdtempSync(join(tmpdir(), "t30-admin-")),
    ADMIN_PASSWORD_HASH: hash,
    INBOX_RATE_LIMIT: "1000",
    INSIGHTS_RATE_LIMIT: "1000",
    ...env,
  });
}

const test = base.extend<object, { site: { url: string } }>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSite({});
      await use(site);
      site.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

async function logIn(page: Page, password = PASSWORD) {
  await page.getByLabel("Lösenord").fill(password);
  await page.getByRole("button", { name: "Logga in" }).click();
}

async function expectNoAxeViolations(page: Page) {
  expect(describeViolations(await axeScan(page, ["#main"]))).toEqual([]);
}

test("the sales team logs in, works a lead sent through Emma, exports, erases and logs out", async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await page.goto("/admin");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.getByRole("heading", { name: "Logga in" })).toBeVisible();
  await expectNoAxeViolations(page);

  await logIn(page, "fel lösenord");
  await expect(page.getByText("Fel lösenord.")).toBeVisible();
  await logIn(page);
  // An empty inbox says so.
  await expect(page.getByText("Inga meddelanden.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // A visitor, in another tab: a question nothing on the site answers, then a lead through Emma.
  const visitor = await context.newPage();
  const panel = await openChat(visitor, "/om-oss");
  await ask(visitor, "Kan ni baka kanelbullar till vårt fika? Ring 070-123 45 67");
  await expect(panel.getByRole("log").locator("li").last()).toContainText("API-nyckel");
  await ask(visitor, "Ja, jag vill boka ett möte");
  await panel.getByPlaceholder("Ditt namn").fill("Lena Lead");
  await panel.getByPlaceholder("E-post").fill("lena@lead.se");
  await panel.getByPlaceholder("Telefonnummer").fill("070-999 88 77");
  await panel.getByPlaceholder("Företag").fill("Lead AB");
  await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
  await expect(panel.getByRole("log")).toContainText("Tack! Jag har skickat dina uppgifter");
  await visitor.close();

  // Messages whose fields hold HTML and scripts, and a lead with a huge conversation, as the forms send them.
  const send = (params: Record<string, string>, template = "template_contact") =>
    request.post("/api/v1.0/email/send", {
      data: {
        lib_version: "4.4.1",
        user_id: "local-inbox",
        service_id: "local_inbox",
        template_id: template,
        template_params: params,
      },
    });
  const script = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;
  expect(
    (await send({ from_name: script, from_email: "html@example.se", subject: "<b>fet</b>", message: script })).ok(),
  ).toBe(true);
  const huge = Array.from({ length: 800 }, (_, i) => `Du: fråga ${i} ${"x".repeat(30)}\nEmma: svar ${i}`).join("\n");
  expect(
    (
      await send(
        { from_name: "Stor Samtal", from_email: "stor@example.se", conversation: huge.slice(0, 40_000) },
        "template_lead",
      )
    ).ok(),
  ).toBe(true);

  // Find the lead sent a moment before, newest first, and open it.
  await page.getByRole("button", { name: "Filtrera" }).click();
  const rows = page.locator("table tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText("Lena Lead");
  await expect(rows.nth(2)).toContainText("Emmas lead");
  await expect(rows.nth(2)).toContainText("Lead AB");
  await expect(rows.nth(2)).toContainText("/om-oss");
  // HTML in a field is text on the page, never markup.
  await expect(rows.nth(0)).toContainText("Stor Samtal");
  await expect(rows.nth(1)).toContainText(script);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator("table img")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await rows.nth(2).getByRole("button", { name: "Lena Lead" }).click();
  await expect(page.getByRole("heading", { name: "Meddelande från Lena Lead" })).toBeFocused();
  const conversation = page.locator("pre").last();
  await expect(conversation).toContainText("Ja, jag vill boka ett möte");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Markera som hanterad" }).click();
  await expect(page.getByText("Sparat.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Öppna igen" })).toBeVisible();
  await page.getByLabel("Anteckning").fill("Ringer på fredag");
  await page.getByRole("button", { name: "Spara anteckning" }).click();
  await expect(page.getByText("Sparat.")).toBeVisible();
  await page.getByRole("button", { name: "Tillbaka till inkorgen" }).click();
  await expect(rows.nth(2)).toContainText("Hanterad");

  // The huge conversation and the scripted one open as text.
  await rows.nth(0).getByRole("button", { name: "Stor Samtal" }).click();
  await expect(page.locator("pre").last()).toContainText("Emma: svar 799".slice(0, 12));
  await page.getByRole("button", { name: "Tillbaka till inkorgen" }).click();
  await rows.nth(1).getByRole("button").click();
  await expect(page.getByRole("heading", { name: `Meddelande från ${script}` })).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // Erase that person, with confirmation.
  await page.getByRole("button", { name: "Radera personen" }).click();
  const erase = page.getByRole("button", { name: "Radera för gott" });
  await expect(erase).toBeDisabled();
  await page.getByLabel("E-postadress att radera").fill("html@example.se");
  await erase.click();
  await expect(rows).toHaveCount(2);
  await expect(page.locator("table")).not.toContainText("html@example.se");

  // CSV of the filtered list: the inbox tool's columns.
  await page.getByLabel("Typ").selectOption("lead");
  await page.getByLabel("Sök i text").fill("Lena");
  await page.getByRole("button", { name: "Filtrera" }).click();
  await expect(rows).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportera CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trim().split("\r\n");
  expect(header!.startsWith(INBOX_COLUMNS)).toBe(true);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("Lena Lead");

  // What visitors ask: the question Emma could not answer, without the phone number.
  await page.getByRole("button", { name: "Vad besökare frågar" }).click();
  const unanswered = page.locator("#adm-unanswered");
  await expect(unanswered).toContainText("Kan ni baka kanelbullar till vårt fika? Ring [telefon]");
  await expect(unanswered).not.toContainText("070-123");
  await expect(page.locator(".adm-chart canvas")).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Log out: the session is over on the server too, so a copied cookie is refused.
  const session = (await context.cookies()).find((c) => c.name === "admin_session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  const replay = () => request.get("/api/admin/messages", { headers: { cookie: `admin_session=${session!.value}` } });
  expect((await replay()).status()).toBe(200);
  await page.getByRole("button", { name: "Logga ut" }).click();
  await expect(page.getByText("Du är utloggad.")).toBeVisible();
  expect((await replay()).status()).toBe(401);
  expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});

test("the sales team clears the questions kept for the page, after confirming", async ({ page, request }) => {
  const question = "Kan ni sy gardiner till vårt kontor?";
  const report = { event: "question", page: "/", outcome: "none", question };
  expect((await request.post("/api/insights", { data: report })).status()).toBe(204);
  await page.goto("/admin");
  await logIn(page);
  await page.getByRole("button", { name: "Vad besökare frågar" }).click();
  const unanswered = page.locator("#adm-unanswered");
  await expect(unanswered).toContainText(question);

  // The first click only asks; cancelling keeps every question.
  await page.getByRole("button", { name: "Rensa frågorna" }).click();
  const confirm = page.getByRole("button", { name: "Radera frågorna" });
  await expect(confirm).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Avbryt" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(unanswered).toContainText(question);

  await page.getByRole("button", { name: "Rensa frågorna" }).click();
  await confirm.click();
  await expect(page.getByText(/^\d+ (fråga raderad|frågor raderade)\.$/)).toBeVisible();
  await expect(page.getByText("Inga obesvarade frågor de senaste 30 dagarna.")).toBeVisible();
  await expect(unanswered).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rensa frågorna" })).toHaveCount(0);
});

test.describe("with the database unreachable", () => {
  test("the inbox says so in Swedish", async ({ browser }) => {
    const site = await startSite({ DATABASE_URL: "postgres://postgres@127.0.0.1:5409/none" });
    try {
      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      await page.goto("/admin");
      await logIn(page);
      await expect(page.getByRole("alert")).toContainText("Databasen går inte att nå just nu.");
      await expectNoAxeViolations(page);
    } finally {
      site.stop();
    }
  });
});
