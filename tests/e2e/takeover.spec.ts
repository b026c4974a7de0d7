import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { hashPassword } from "../../server/routes/admin/password.mjs";
import { createTestDatabase } from "../../server/testing/postgres.mjs";
import { startSiteServer } from "../../scripts/lib/site-server.mjs";
import { axeScan, describeViolations } from "./axe";
import { ask, openChat } from "./chat-helpers";
import { expect, test } from "./fixtures";

const run = promisify(execFile);
/** The bound: a message or a typing signal shows on the other side within 2 s. */
const LIVE = { timeout: 2000 };

/**
 * How far ahead the servers' clocks run (tests/e2e/shifted-clock.mjs): to a Wednesday 10:00 in
 * Stockholm, inside the opening hours, clear of the holidays around new year and in May and June.
 */
function openHoursOffset(): number {
  let at = DateTime.now().setZone("Europe/Stockholm").plus({ days: 1 }).set({ hour: 10, minute: 0, second: 0 });
  while (at.weekday !== 3 || ["12-", "01-", "05-", "06-"].some((m) => at.toFormat("MM-").startsWith(m)))
    at = at.plus({ days: 1 });
  return at.toMillis() - Date.now();
}

const SHIFTED = resolve("tests/e2e/shifted-clock.mjs");
const OFFSET = String(openHoursOffset());

/** `npm run admin:user -- add` on the shared database, on the servers' clock: the link it prints. */
async function addSalesperson(databaseUrl: string, siteUrl: string, name: string, email: string) {
  const { stdout } = await run(process.execPath, ["--import", SHIFTED, "scripts/admin-user.mjs", "add", name, email], {
    env: { ...process.env, DATABASE_URL: databaseUrl, VITE_SITE_URL: siteUrl, E2E_CLOCK_OFFSET_MS: OFFSET },
  });
  return /(http\S+\/admin\/valkommen#\S+)/.exec(stdout)![1]!;
}

/** A salesperson's first visit on the instance `url`, then the conversations happening now. */
async function salesperson(browser: Browser, url: string, link: string, password: string) {
  const page = await (await browser.newContext({ baseURL: url })).newPage();
  await page.goto(`${url}${new URL(link).pathname}${new URL(link).hash}`);
  await page.getByLabel("Nytt lösenord").fill(password);
  await page.getByRole("button", { name: "Spara och logga in" }).click();
  await expect(page.getByRole("heading", { name: "Inkorg" })).toBeVisible();
  await page.getByRole("link", { name: /Pågående samtal/ }).click();
  await expect(page.getByRole("heading", { name: "Pågående samtal" })).toBeVisible();
  return page;
}

async function expectNoAxeViolations(page: Page, include: string[] = []) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(describeViolations(await axeScan(page, include)), `at ${width} px`).toEqual([]);
  }
}

test("a salesperson on another instance takes over Emma's conversation, live", async ({ browser }) => {
  test.setTimeout(180_000);
  const db = await createTestDatabase("t53t");
  const hash = await hashPassword("testlösenord för admin", { N: 1024, r: 8, p: 1 });
  const env = {
    DATABASE_URL: db.url,
    ADMIN_PASSWORD_HASH: hash,
    INBOX_RATE_LIMIT: "1000",
    E2E_CLOCK_OFFSET_MS: OFFSET,
  };
  const start = () =>
    startSiteServer(
      { ...env, INBOX_DIR: mkdtempSync(join(tmpdir(), "t53-takeover-")) },
      { nodeArgs: ["--import", SHIFTED] },
    );
  const [a, b] = await Promise.all([start(), start()]);
  try {
    const saraLink = await addSalesperson(db.url, a.url, "Sara Säljare", "sara@nordlysai.se");
    const perLink = await addSalesperson(db.url, a.url, "Per Åberg", "per@nordlysai.se");
    const sara = await salesperson(browser, b.url, saraLink, "Saras eget långa lösenord");
    const per = await salesperson(browser, a.url, perLink, "Pers eget långa lösenord");
    await expect(sara.getByText(/Online nu: .*Per Åberg/)).toBeVisible();

    // The visitor, on instance A without any AI, asks for a person in their own words.
    const visitor = await (await browser.newContext({ baseURL: a.url })).newPage();
    await visitor.clock.install();
    const panel = await openChat(visitor, a.url);
    const log = panel.getByRole("log");
    const input = panel.getByRole("textbox", { name: "Din fråga till Emma" });
    await ask(visitor, "kan jag prata med en människa?");
    await expect(log).toContainText(/Jag frågar (Sara Säljare|Per Åberg) om hen kan ta över/);
    await expect(panel.getByText(/Väntar på (Sara Säljare|Per Åberg)/)).toBeVisible();

    // Both see it live; Sara takes it on B, Per's "Ta över" on A is refused with her name.
    const saraRow = sara.getByRole("list", { name: "Samtal" }).getByRole("listitem");
    await expect(saraRow).toHaveCount(1, LIVE);
    await expect(saraRow).toContainText("Väntar");
    await expect(per.getByRole("list", { name: "Samtal" }).getByRole("listitem")).toHaveCount(1, LIVE);
    await saraRow.getByRole("button", { name: /^Öppna/ }).click();
    await per
      .getByRole("list", { name: "Samtal" })
      .getByRole("button", { name: /^Öppna/ })
      .click();
    const saraLog = sara.getByRole("log", { name: "Samtalet" });
    await expect(saraLog).toContainText("kan jag prata med en människa?");
    await sara.getByRole("button", { name: "Ta över" }).click();
    await expect(log).toContainText("Sara Säljare har tagit över samtalet", LIVE);
    await per.getByRole("button", { name: "Ta över" }).click();
    await expect(per.getByText("Samtalet har redan tagits av Sara Säljare")).toBeVisible();

    // Typing and messages both ways within 2 s.
    await input.fill("Hej Sara");
    await expect(sara.getByText("Besökaren skriver…")).toBeVisible(LIVE);
    await input.press("Enter");
    await expect(saraLog).toContainText("Hej Sara", LIVE);
    const box = sara.getByRole("textbox", { name: "Ditt meddelande till besökaren" });
    await box.fill("Hej! Vad kan jag hjälpa till med?");
    await expect(panel.getByText("Sara Säljare skriver…")).toBeVisible(LIVE);
    await box.press("Enter");
    await expect(log).toContainText("Hej! Vad kan jag hjälpa till med?", LIVE);
    await expect(input).toBeFocused();

    // Emma says nothing meanwhile: a trigger word brings no canned reply and no lead form.
    const botLines = await log.getByRole("listitem").count();
    await ask(visitor, "pris");
    await expect(saraLog).toContainText("pris", LIVE);
    await visitor.clock.fastForward(2_000);
    await expect(log.getByRole("listitem")).toHaveCount(botLines + 1);
    await expect(panel.locator("form[data-form=lead]")).toHaveCount(0);
    await expectNoAxeViolations(visitor, ['[role="dialog"]']);
    await expectNoAxeViolations(sara);

    // The salesperson sends the lead form; the visitor's reload keeps every message, in order.
    await sara.getByRole("button", { name: "Skicka kontaktformuläret" }).click();
    await expect(panel.locator("form[data-form=lead]")).toBeVisible(LIVE);
    await box.fill("Fyll gärna i så ringer jag dig.");
    await box.press("Enter");
    await expect(log).toContainText("Fyll gärna i så ringer jag dig.", LIVE);
    await visitor.reload();
    const again = await openChat(visitor, visitor.url());
    const order = [
      "kan jag prata med en människa?",
      "Sara Säljare har tagit över samtalet",
      "Hej Sara",
      "Hej! Vad kan jag hjälpa till med?",
      "pris",
      "Fyll gärna i så ringer jag dig.",
    ];
    const text = (await again.getByRole("log").innerText()).replace(/\s+/g, " ");
    const at = order.map((t) => text.indexOf(t));
    expect(
      at.every((i) => i >= 0),
      text,
    ).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    // A second tab of the visitor's joins with every line from the first, and gets new ones.
    const tab = await visitor.context().newPage();
    const tabPanel = await openChat(tab, a.url);
    await expect(tabPanel.getByRole("log")).toContainText("Fyll gärna i så ringer jag dig.");
    const tabText = (await tabPanel.getByRole("log").innerText()).replace(/\s+/g, " ");
    const tabAt = order.map((t) => tabText.indexOf(t)).filter((i) => i >= 0);
    expect(tabAt.length, tabText).toBeGreaterThanOrEqual(order.length - 1);
    expect([...tabAt].sort((x, y) => x - y)).toEqual(tabAt);
    await box.fill("Syns detta efter omladdningen?");
    await box.press("Enter");
    await expect(again.getByRole("log")).toContainText("Syns detta efter omladdningen?", LIVE);
    await expect(tabPanel.getByRole("log")).toContainText("Syns detta efter omladdningen?", LIVE);
    await tab.close();

    // Given back to Emma: she says so, and answers again.
    await sara.getByRole("button", { name: "Lämna tillbaka till Emma" }).click();
    await expect(again.getByRole("log")).toContainText("Det är Emma igen", LIVE);
    const before = await again.getByRole("log").getByRole("listitem").count();
    await ask(visitor, "vad kostar det?");
    await expect(again.getByRole("log").getByRole("listitem")).toHaveCount(before + 2);
    await expect(sara.getByRole("log", { name: "Samtalet" })).not.toContainText("vad kostar det?");
    // An answer Emma cannot give offers a person, since someone can take it now.
    await ask(visitor, "Jag vill ha hjälp med en röstagent för vår växel");
    await expect(again.getByRole("button", { name: "Prata med en människa" })).toBeVisible();

    // A second visitor nobody takes: after 60 s (the page's clock) the meeting offer, and a lead.
    const second = await (await browser.newContext({ baseURL: a.url })).newPage();
    await second.clock.install();
    const panel2 = await openChat(second, a.url);
    await ask(second, "säljare");
    await expect(panel2.getByRole("log")).toContainText("Jag frågar");
    const posted = second.waitForResponse((r) => r.url().endsWith("/lines"));
    await ask(second, "Jag vill ha hjälp med en röstagent för vår växel");
    expect((await posted).status()).toBe(201);
    await second.clock.fastForward(61_000);
    await expect(panel2.getByRole("log")).toContainText("Ingen av mina kollegor hann svara");
    await expect(panel2.locator("form[data-form=lead]")).toBeVisible();
    await expect(panel2.getByRole("group", { name: "Lediga mötestider" })).toBeVisible();
    await sara.getByRole("link", { name: "Inkorg" }).click();
    const lead = sara.locator("table tbody tr").filter({ hasText: "Besökare i chatten" });
    await expect(lead).toHaveCount(1);
    await lead.getByRole("link").first().click();
    await expect(sara.getByText("Jag vill ha hjälp med en röstagent för vår växel")).toBeVisible();
  } finally {
    a.stop();
    b.stop();
    await db.drop();
  }
});
