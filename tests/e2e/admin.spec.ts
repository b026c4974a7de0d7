import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { hashPassword } from "../../server/routes/admin/password.mjs";
import { mailHeader, mailParts, startSmtp } from "../../server/testing/receivers.mjs";
import { describeViolations, axeScan } from "./axe";
import { ask, openChat } from "./chat-helpers";
import { expect, test as base } from "./fixtures";
import { startSiteServer } from "../../scripts/lib/site-server.mjs";

const PASSWORD = "testlösenord för admin";
const run = promisify(execFile);

/** The site's server as `npm start` runs it, with /admin on (a cheap hash: the format is the same). */
async function startSite(env: Record<string, string>) {
  const hash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
  const inboxDir = mkdtempSync(join(tmpdir(), "t44-admin-"));
  const site = await startSiteServer({
    INBOX_DIR: inboxDir,
    ADMIN_PASSWORD_HASH: hash,
    INBOX_RATE_LIMIT: "1000",
    INBOX_EMAIL_RATE_LIMIT: "1000",
    INSIGHTS_RATE_LIMIT: "1000",
    ...env,
  });
  return { ...site, inboxDir };
}

/** `npm run admin:user -- add NAME E-MAIL` on the server's store: the one-time link it prints. */
async function addSalesperson(inboxDir: string, siteUrl: string, name: string, email: string) {
  const { stdout } = await run(process.execPath, ["scripts/admin-user.mjs", "add", name, email], {
    env: { ...process.env, INBOX_DIR: inboxDir, VITE_SITE_URL: siteUrl },
  });
  const link = /(http\S+\/admin\/valkommen#\S+)/.exec(stdout)?.[1];
  expect(link, stdout).toBeTruthy();
  return link!;
}

async function logIn(page: Page, password = PASSWORD, email = "") {
  if (email) await page.getByLabel("E-post").fill(email);
  await page.getByLabel("Lösenord").fill(password);
  await page.getByRole("button", { name: "Logga in" }).click();
}

/** A salesperson's first visit: the link, a password of their own, and the inbox. */
async function chooseOwnPassword(browser: Browser, link: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("Nytt lösenord").fill(password);
  await page.getByRole("button", { name: "Spara och logga in" }).click();
  await expect(page.getByRole("heading", { name: "Inkorg" })).toBeVisible();
  expect(new URL(page.url()).hash).toBe("");
  return page;
}

async function expectNoAxeViolations(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(describeViolations(await axeScan(page, ["#main"])), `axe at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A message as the forms send it to the inbox. */
const send = (request: APIRequestContext, params: Record<string, string>, template = "template_contact") =>
  request.post("/api/v1.0/email/send", {
    data: {
      lib_version: "4.4.1",
      user_id: "local-inbox",
      service_id: "local_inbox",
      template_id: template,
      template_params: params,
    },
  });

type Site = Awaited<ReturnType<typeof startSite>> & { smtp: Awaited<ReturnType<typeof startSmtp>> };

/**
 * A server per test, with SMTP on loopback so the page can reply by mail: a test that sorts or
 * filters the inbox counts on finding only its own messages there, whichever ran before it.
 */
const test = base.extend<{ site: Site }>({
  // eslint-disable-next-line no-empty-pattern
  site: async ({}, use) => {
    const smtp = await startSmtp();
    const site = await startSite({ SMTP_URL: smtp.url });
    await use({ ...site, smtp });
    site.stop();
    await smtp.close();
  },
  baseURL: async ({ site }, use) => use(site.url),
});

test.describe("the operator's page", () => {
  test("a direct load, a deep link, a reload and back are styled pages of their own, without the site's chrome", async ({
    page,
    consoleErrors,
  }) => {
    for (const path of ["/admin", "/admin/", "/admin/meddelanden/finns-inte"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { name: "Logga in" })).toBeVisible();
      // A computed style only admin.css sets: the page's stylesheet loaded on a direct load.
      const wrap = page.locator(".adm-wrap").first();
      await expect(wrap).toHaveCSS("max-width", "448px");
      await expect(page.locator(".adm-h1")).toHaveCSS("font-weight", "700");
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page.getByRole("link", { name: "Kom igång" })).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Emma|chatt/i })).toHaveCount(0);
    await page.goto("/admin");
    await logIn(page);
    await page.getByRole("link", { name: "Vad besökare frågar" }).click();
    await expect(page).toHaveURL(/\/admin\/fragor$/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Emma kunde inte svara" })).toBeVisible();
    await expect(page.locator(".adm-wrap").first()).toHaveCSS("max-width", "1280px");
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Inkorg" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });

  test("two salespeople: one finds, assigns and answers a lead, the other sees who did it", async ({
    browser,
    request,
    site,
  }) => {
    test.setTimeout(120_000);
    const { smtp } = site;
    const saraLink = await addSalesperson(site.inboxDir, site.url, "Sara Säljare", "sara@nordlysai.se");
    const perLink = await addSalesperson(site.inboxDir, site.url, "Per Åberg", "per@nordlysai.se");
    const sara = await chooseOwnPassword(browser, saraLink, "Saras eget långa lösenord");
    await expect(sara.getByText("Inloggad som Sara Säljare")).toBeVisible();
    await expectNoAxeViolations(sara);

    // A lead arrives while Sara's inbox is open: it appears without a reload, counted in the title.
    const word = `kanelbullar${Date.now()}`;
    expect(
      (
        await send(
          request,
          {
            from_name: "Åsa Öberg",
            from_email: "asa@xn--fjllbo-cua.se",
            phone: "070-123 45 67",
            company: "Fjällbo Café",
            subject: "Emma: Åsa Öberg vill bli kontaktad",
            message: "Åsa Öberg vill bli kontaktad.",
            conversation: `Emma: Hej! Hur kan jag hjälpa dig?\nDu: Bakar ni ${word} till fikat?\nEmma: Det står inte på webbplatsen. [Läs mer: Våra tjänster](/#services)\nDu: ok ja tack kontakta mig`,
          },
          "template_lead",
        )
      ).ok(),
    ).toBe(true);
    const rows = sara.locator("table tbody tr");
    await expect(rows.filter({ hasText: "Åsa Öberg" })).toHaveCount(1, { timeout: 20_000 });
    await expect(rows.filter({ hasText: "Åsa Öberg" })).toContainText("asa@fjällbo.se");
    await expect(rows.filter({ hasText: "Åsa Öberg" })).toContainText("Ny");
    await expect(sara).toHaveTitle("(1) Administration", { timeout: 20_000 });

    // Search as you type finds a word said only in Emma's conversation.
    await send(request, { from_name: "Bo Annan", from_email: "bo@example.se", subject: "Hej", message: "Ring mig" });
    await sara.getByLabel("Sök (även i Emmas konversationer)").fill(word);
    await expect(rows).toHaveCount(1);
    await expect(sara).toHaveURL(new RegExp(`sok=${word}`));
    await rows.first().click();
    await expect(sara).toHaveURL(/\/admin\/meddelanden\/[\w-]+$/);
    const messageUrl = sara.url();
    await expect(sara.getByRole("heading", { name: "Meddelande från Åsa Öberg" })).toBeFocused();
    // Emma's conversation as she showed it: a link, no markdown; the address in its own letters.
    const conversation = sara.getByRole("list", { name: "Konversationen med Emma" });
    await expect(conversation.getByRole("link", { name: "Läs mer: Våra tjänster" })).toHaveAttribute(
      "href",
      "/#services",
    );
    await expect(conversation).not.toContainText("](/#services)");
    await expect(sara.getByRole("link", { name: "asa@fjällbo.se" })).toHaveAttribute(
      "href",
      "mailto:asa@xn--fjllbo-cua.se",
    );
    await expect(sara.getByRole("link", { name: "070-123 45 67" })).toHaveAttribute("href", "tel:0701234567");
    await expectNoAxeViolations(sara);

    await sara.getByLabel("Ansvarig").selectOption({ label: "Per Åberg" });
    await expect(sara.getByText("Sparat.")).toBeVisible();
    await sara.getByLabel("Svar till asa@fjällbo.se").fill("Hej Åsa! Vi ringer dig i morgon om fikat.");
    await sara.getByRole("button", { name: "Skicka svar" }).click();
    await expect(sara.getByText("Svaret är sparat och skickas nu.")).toBeVisible();
    await expect(sara.getByText("Besvarad", { exact: false }).first()).toBeVisible();

    // The reply reaches the visitor from the sales mailbox, their words quoted.
    const toVisitor = () => smtp.mails.filter((m) => m.to.some((a: string) => /^asa@/.test(a)));
    await expect.poll(() => toVisitor().length, { timeout: 20_000 }).toBe(1);
    const mail = toVisitor()[0]!;
    // The visitor's subject, not the team's "Nytt lead från Emma: …", from Sara at the sales address (issue 53).
    expect(mailHeader(mail.raw, "Subject")).toBe("Sv: ditt samtal med Emma på Nordlys AI");
    expect(mailHeader(mail.raw, "From")).toMatch(/^"?Sara Säljare på Nordlys AI"? </);
    const body = Buffer.from(mail.raw.split("\r\n\r\n").slice(1).join("\n"), "utf8").toString();
    expect(body).toMatch(/Vi ringer dig i morgon om fikat/);
    expect(body).toContain(`> Bakar ni ${word} till fikat?`);

    // Per, on his own login, opens the message by its URL and sees who did what.
    const per = await chooseOwnPassword(browser, perLink, "Pers eget långa lösenord");
    await per.goto(messageUrl);
    const history = per.getByRole("region", { name: "Historik" });
    await expect(history).toContainText("Tilldelat till Per Åberg av Sara Säljare");
    await expect(history).toContainText("Svar skickat av Sara Säljare");
    await expect(history).toContainText("Hej Åsa! Vi ringer dig i morgon om fikat.");
    await per.getByRole("button", { name: "Markera som hanterad" }).click();
    await expect(history).toContainText("Markerat som hanterat av Per Åberg");
    await per.getByLabel("Ny anteckning").fill("Åsa vill ha offert på fredag");
    await per.getByRole("button", { name: "Spara anteckning" }).click();
    await expect(per.getByRole("region", { name: "Anteckningar" })).toContainText("Per Åberg");

    // The CSV opens in Swedish Excel: semicolons, å/ä/ö, status, owner and the note.
    await per.getByRole("link", { name: "Tillbaka till inkorgen" }).click();
    const [download] = await Promise.all([
      per.waitForEvent("download"),
      per.getByRole("link", { name: "Exportera CSV" }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    const cells = (line: string) => line.slice(1, -1).split('";"');
    expect(cells(header!).slice(0, 7)).toEqual(["Mottaget", "Typ", "Status", "Ansvarig", "Namn", "Företag", "E-post"]);
    const asa = lines.map(cells).find((c) => c[4] === "Åsa Öberg")!;
    expect(asa.slice(1, 7)).toEqual([
      "Emmas lead",
      "Hanterad",
      "Per Åberg",
      "Åsa Öberg",
      "Fjällbo Café",
      "asa@fjällbo.se",
    ]);
    expect(asa[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(asa[14]).toContain("Per Åberg: Åsa vill ha offert på fredag");
    await expectNoAxeViolations(per);
  });

  test("the first account works a lead sent through Emma, erases a sender, reads what visitors ask and logs out", async ({
    page,
    context,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/admin");
    await expectNoAxeViolations(page);
    await logIn(page, "fel lösenord");
    await expect(page.getByText("Fel e-postadress eller lösenord.")).toBeVisible();
    await logIn(page);
    await expect(page.getByText("Inloggad som Administratör")).toBeVisible();

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

    const script = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;
    expect(
      (
        await send(request, {
          from_name: script,
          from_email: "html@example.se",
          subject: "<b>fet</b>",
          message: script,
        })
      ).ok(),
    ).toBe(true);
    const rows = page.locator("table tbody tr");
    await expect(rows.filter({ hasText: "Lena Lead" })).toHaveCount(1, { timeout: 20_000 });
    await expect(rows.filter({ hasText: "html@example.se" })).toHaveCount(1, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.locator("table img")).toHaveCount(0);

    // Sorting by time, and the kind filter applies at once.
    await page.getByRole("button", { name: /Sortera på tid/ }).click();
    await expect(rows.first()).toContainText("Lena Lead");
    await page.getByLabel("Typ").selectOption("lead");
    await expect(rows).toHaveCount(1);
    await page.getByLabel("Typ").selectOption("");

    await rows.filter({ hasText: "Lena Lead" }).getByRole("link").click();
    await expect(page.getByRole("list", { name: "Konversationen med Emma" })).toContainText(
      "Ja, jag vill boka ett möte",
    );
    await page.getByRole("link", { name: "Tillbaka till inkorgen" }).click();

    // Erase that sender, with confirmation.
    await rows.filter({ hasText: "html@example.se" }).getByRole("link").click();
    await page.getByRole("button", { name: "Radera personen" }).click();
    const erase = page.getByRole("button", { name: "Radera för gott" });
    await expect(erase).toBeDisabled();
    await page.getByLabel("E-postadress att radera").fill("html@example.se");
    await erase.click();
    await expect(page.getByRole("heading", { name: "Inkorg" })).toBeVisible();
    await expect(page.locator("table")).not.toContainText("html@example.se");

    // What visitors ask: the question Emma could not answer, without the phone number, linked to
    // the conversation the lead kept; the message that asked for contact is not "unanswered".
    await page.getByRole("link", { name: "Vad besökare frågar" }).click();
    const unanswered = page.locator("#adm-unanswered");
    await expect(unanswered).toContainText("Kan ni baka kanelbullar till vårt fika? Ring [telefon]");
    await expect(unanswered).not.toContainText("070-123");
    await expect(unanswered).not.toContainText("boka ett möte");
    await expect(page.locator(".adm-chart canvas")).toHaveCount(1);
    await expectNoAxeViolations(page);
    await unanswered.getByRole("link", { name: "Visa konversationen" }).first().click();
    await expect(page.getByRole("heading", { name: "Meddelande från Lena Lead" })).toBeVisible();

    // Log out: the session is over on the server too, so a copied cookie is refused.
    const session = (await context.cookies()).find((c) => c.name === "__Host-admin_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", secure: true, path: "/" });
    const replay = () =>
      request.get("/api/admin/messages", { headers: { cookie: `__Host-admin_session=${session!.value}` } });
    expect((await replay()).status()).toBe(200);
    await page.getByRole("button", { name: "Logga ut" }).click();
    await expect(page.getByText("Du är utloggad.")).toBeVisible();
    expect((await replay()).status()).toBe(401);
    expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });
});

test("the sales team clears the questions kept for the page, after confirming", async ({ page, request }) => {
  const question = "Kan ni sy gardiner till vårt kontor?";
  const report = { event: "question", page: "/", outcome: "none", question };
  expect((await request.post("/api/insights", { data: report })).status()).toBe(204);
  await page.goto("/admin");
  await logIn(page);
  await page.getByRole("link", { name: "Vad besökare frågar" }).click();
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

test.describe("bookings held for approval", () => {
  test("the team turns approval on, approves one booking (its invitation goes out) and declines another", async ({
    browser,
  }) => {
    // Its own server: the choice is kept in its store.
    test.setTimeout(60_000);
    const smtp = await startSmtp();
    // Both visitors book from 127.0.0.1.
    const site = await startSite({
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: "salj@example.se",
      BOOKING_ADDRESS_LIMIT: "10",
    });
    try {
      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      await page.goto("/admin/moten");
      await logIn(page);
      const settings = page.getByRole("region", { name: "Godkännande av nya bokningar" });
      await expect(settings).toContainText("0 bokningar de senaste 60 minuterna.");
      await expect(settings.getByRole("radio", { name: /när många bokar samtidigt/ })).toBeChecked();
      await settings.getByRole("radio", { name: "Väntar alltid på godkännande" }).check();
      await settings.getByRole("button", { name: "Spara" }).click();
      await expect(settings.getByRole("status")).toHaveText("Sparat.");
      await expect(settings).toContainText("Nya bokningar väntar på godkännande just nu.");
      await expect(settings).toContainText("Ändrat av Administratör");

      // Two visitors book the nearest free times.
      const headers = { "content-type": "application/json", origin: site.url };
      const book = async (email: string) => {
        const { slots } = await (await fetch(`${site.url}/api/booking/slots?limit=1`)).json();
        const held = await (
          await fetch(`${site.url}/api/booking/hold`, {
            method: "POST",
            headers,
            body: JSON.stringify({ start: slots[0].start }),
          })
        ).json();
        const res = await fetch(`${site.url}/api/booking/confirm`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            holdId: held.holdId,
            template_id: "template_lead",
            template_params: { from_name: email.split("@")[0], from_email: email, subject: "Nytt lead" },
          }),
        });
        expect(await res.json()).toMatchObject({ pending: true });
        return slots[0] as { start: string; label: string };
      };
      const approved = await book("godkand@example.se");
      const declined = await book("avbojd@example.se");
      await page.reload();
      await expect(page.getByText("2 bokningar väntar på godkännande.")).toBeVisible();
      const item = (name: string) => page.getByRole("listitem").filter({ hasText: name });
      await expect(item("godkand@example.se")).toContainText("Väntar på godkännande");
      await expectNoAxeViolations(page);

      await item("godkand@example.se").getByRole("button", { name: "Godkänn" }).click();
      await expect(item("godkand@example.se")).toContainText("Godkänd av Administratör");
      await expect(item("godkand@example.se")).not.toContainText("Väntar på godkännande");
      const invitations = () => smtp.mails.filter((m) => m.to.includes("godkand@example.se"));
      await expect.poll(() => invitations().length, { timeout: 15_000 }).toBe(1);
      expect(mailHeader(invitations()[0]!.raw, "Subject")).toContain(approved.label);
      expect(mailParts(invitations()[0]!.raw).some((p) => p.type === "text/calendar")).toBe(true);

      // Declining asks first, then frees the time and mails the address nothing.
      await item("avbojd@example.se").getByRole("button", { name: "Avböj" }).click();
      await expect(item("avbojd@example.se")).toContainText("Inget mejl skickas till adressen");
      await item("avbojd@example.se").getByRole("button", { name: "Avböj bokningen" }).click();
      await expect(item("avbojd@example.se")).toContainText("Avböjd av Administratör");
      await expect(page.getByText(/väntar på godkännande\.$/)).toHaveCount(0);
      const { slots } = await (await fetch(`${site.url}/api/booking/slots?limit=3`)).json();
      expect(slots.map((s: { start: string }) => s.start)).toContain(declined.start);
      await expect
        .poll(() => smtp.mails.filter((m) => m.to.includes("salj@example.se")).length, { timeout: 15_000 })
        .toBe(2);
      expect(smtp.mails.filter((m) => m.to.includes("avbojd@example.se"))).toEqual([]);
      await context.close();
    } finally {
      site.stop();
      await smtp.close();
    }
  });
});

test.describe("with the database unreachable", () => {
  test("the login says so in Swedish", async ({ browser }) => {
    const site = await startSite({ DATABASE_URL: "postgres://postgres@127.0.0.1:5409/none" });
    try {
      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      await page.goto("/admin");
      await logIn(page);
      await expect(page.getByRole("alert")).toContainText("Databasen går inte att nå just nu.");
      expect(describeViolations(await axeScan(page, ["#main"]))).toEqual([]);
    } finally {
      site.stop();
    }
  });
});
