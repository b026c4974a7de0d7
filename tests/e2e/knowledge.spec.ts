import { ask, openChat, pastLeadFormDelay, recordAi } from "./chat-helpers";
import { expect, freezeClock, hydrated, test } from "./fixtures";
import type { Page } from "@playwright/test";

// The default test server has no AI_API_KEY: Emma answers from the site's own content.
const bot = (page: Page) => page.getByRole("dialog", { name: "Emma" }).getByRole("log").locator("li");

/** Requests to the site's AI endpoint (the reports of what visitors ask go to /api/insights). */
function siteAiRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/assistant")) urls.push(r.url());
  });
  return urls;
}

test("no AI configured: Emma answers from the site's content with a link to the page", async ({
  page,
  consoleErrors,
}) => {
  const api = siteAiRequests(page);
  const provider = await recordAi(page, (r) => r.abort());
  const knowledge = page.waitForResponse((r) => r.url().endsWith("/knowledge.json"));
  await openChat(page);
  // The knowledge loads as the panel opens, and says that this server has no AI.
  expect((await knowledge).headers()["emma-assistant"]).toBeUndefined();

  await ask(page, "Var ligger ert kontor?");
  await expect(bot(page).last()).toContainText("Vi finns i Stockholm.");
  const link = bot(page).last().getByRole("link", { name: "Läs mer: Kontakt" });
  await expect(link).toHaveAttribute("href", "/#contact");

  await ask(page, "Vilken lag gäller för era villkor?");
  await expect(bot(page).last()).toContainText("Svensk lag gäller");
  await expect(bot(page).last().getByRole("link", { name: "Läs mer: Användarvillkor" })).toHaveAttribute(
    "href",
    "/terms-of-service",
  );

  // A plain no asks nothing: neither the previous answer again nor the API-key message.
  await ask(page, "Nej tack!");
  await expect(bot(page).last()).toHaveText(/Okej! Säg till om du undrar något mer\.$/);

  // Off-topic: nothing on the site answers it, so the spec's API-key message.
  await ask(page, "Vad är huvudstaden i Frankrike?");
  await expect(bot(page).last()).toContainText("Jag behöver en API-nyckel");

  // The link leads to the page; the conversation is still there.
  await bot(page).nth(2).getByRole("link", { name: "Läs mer: Kontakt" }).click();
  await expect(page).toHaveURL(/\/#contact$/);

  expect(api).toEqual([]);
  expect(provider).toHaveLength(0);
  expect(consoleErrors).toEqual([]);
});

test("a message that asks for contact and matches nothing points at the lead form", async ({ page }) => {
  await page.clock.install();
  await openChat(page);
  await ask(page, "Ja tack, kontakta mig");
  await pastLeadFormDelay(page);
  await expect(bot(page).last()).toContainText("Fyll i dina kontaktuppgifter i formuläret");
  await expect(page.getByText("Perfekt! Låt mig få dina kontaktuppgifter")).toBeVisible();
  await expect(bot(page).last()).not.toContainText("API-nyckel");
});

test("unsure: 'Menar du…?' with suggestion buttons, one of which asks its question and gets the answer", async ({
  page,
  consoleErrors,
}) => {
  const panel = await openChat(page);
  // One word that many pages use: the best question of three pages.
  await ask(page, "nummer?");
  await expect(bot(page).last()).toContainText("Menar du någon av de här frågorna?");
  const suggestions = bot(page).last().getByRole("group", { name: "Förslag på frågor" }).getByRole("button");
  await expect(suggestions).toHaveCount(3);
  // One Tab stop each: from the first, Tab goes to the next suggestion.
  await suggestions.first().focus();
  await page.keyboard.press("Tab");
  await expect(suggestions.nth(1)).toBeFocused();
  const question = "Var finns ni och hur når jag er?";
  await panel.getByRole("button", { name: question }).press("Enter");
  // Asked as the visitor's own message, answered from its passage, with its link.
  await expect(bot(page).nth(-2)).toHaveText(`Du: ${question}`);
  await expect(bot(page).last()).toContainText("Vi finns i Stockholm.");
  await expect(bot(page).last().getByRole("link", { name: "Läs mer: Kontakt" })).toHaveAttribute("href", "/#contact");
  // The buttons went with the answer; the focus is back in the question field.
  await expect(panel.getByRole("group", { name: "Förslag på frågor" })).toHaveCount(0);
  await expect(panel.getByRole("textbox", { name: "Din fråga till Emma" })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test("off-topic questions still get the spec's API-key message, with no suggestions", async ({ page }) => {
  const panel = await openChat(page);
  for (const q of ["Hur lagar man köttbullar?", "Vem vann fotbolls-VM 2018?", "Rekommendera en bra film till ikväll"]) {
    await ask(page, q);
    await expect(bot(page).last()).toHaveText(/Jag behöver en API-nyckel för att kunna svara på den frågan\./);
    await expect(panel.getByRole("group", { name: "Förslag på frågor" })).toHaveCount(0);
  }
});

test("buying moments: the site's own way, the lead form in view, its first field focused", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 }); // the panel is 288×320
  await page.clock.install();
  const panel = await openChat(page);
  await freezeClock(page);
  // "kan ni ringa upp mig?": the phone number and how to get the form; nothing points at a missing button.
  await ask(page, "kan ni ringa upp mig?");
  await expect(bot(page).last()).toContainText("+46 8 123 45 67");
  await expect(bot(page).last()).toContainText("Svara ja, så får du ett formulär här i chatten.");
  await expect(bot(page).last()).not.toContainText(/nedan|knappen/);
  // A meeting: the free 15 minutes and Kom igång, and (a trigger word) the form here, 1 s later.
  await ask(page, "hur bokar jag ett möte med er?");
  await expect(bot(page).last()).toContainText("kostnadsfritt och tar 15 minuter");
  await expect(bot(page).last()).toContainText("formuläret här i chatten");
  await expect(bot(page).last().getByRole("link", { name: "Läs mer: Kom igång" })).toHaveAttribute(
    "href",
    "/kom-igang",
  );
  await page.clock.runFor(1100);
  await expect(panel.getByPlaceholder("Ditt namn")).toBeFocused();
  await expect.poll(() => withinScroller(page, panel.getByText(/^Perfekt! Låt mig få/))).toBe(true);
  await expect.poll(() => withinScroller(page, panel.getByPlaceholder("Ditt namn"))).toBe(true);
  // Only yes: the lead acknowledgement, never a passage.
  await ask(page, "ja, kontakta mig gärna");
  await expect(bot(page).last()).toHaveText(/Vad roligt! Fyll i dina kontaktuppgifter i formuläret här i chatten/);
});

/** Whether all of `item` lies within the visible box of the panel's scrolling area. */
async function withinScroller(page: Page, item: import("@playwright/test").Locator) {
  const scroller = page.getByRole("dialog", { name: "Emma" }).getByRole("log").locator("xpath=..");
  const [i, s] = await Promise.all([item.boundingBox(), scroller.boundingBox()]);
  return Boolean(i && s && i.y >= s.y - 0.5 && i.y + i.height <= s.y + s.height + 0.5);
}

test("the knowledge is its own chunk: not before the panel, loaded as it opens", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (r) => loaded.push(new URL(r.url()).pathname));
  await page.goto("/");
  await hydrated(page);
  expect(loaded.filter((p) => p === "/knowledge.json" || /\/assets\/search-/.test(p))).toEqual([]);
  await openChat(page, "/");
  await expect.poll(() => loaded.filter((p) => p === "/knowledge.json" || /\/assets\/search-/.test(p)).length).toBe(2);
});

test("/demo's text demo answers from the same knowledge after its 1.5 s", async ({ page, consoleErrors }) => {
  await page.clock.install();
  await page.goto("/demo");
  await hydrated(page);
  const demo = page.getByRole("region", { name: "Fråga Emma i text" });
  const input = demo.getByRole("textbox", { name: "Din fråga till Emma" });
  const knowledge = page.waitForResponse((r) => r.url().endsWith("/knowledge.json"));
  await input.focus();
  await knowledge;
  await input.fill("När startade ni?");
  await input.press("Enter");
  const status = demo.getByRole("status");
  await expect(status).toContainText("Emma tänker...");
  await page.clock.runFor(1500);
  await expect(status).toContainText("sedan 2019");
  await expect(status.getByRole("link", { name: "Läs mer: Om oss" })).toHaveAttribute("href", "/om-oss");
  expect(consoleErrors).toEqual([]);
});
