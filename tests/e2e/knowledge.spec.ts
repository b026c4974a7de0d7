import { ask, openChat, recordAi } from "./chat-helpers";
import { expect, hydrated, test } from "./fixtures";
import type { Page } from "@playwright/test";

// The default test server has no AI_API_KEY: Emma answers from the site's own content.
const bot = (page: Page) => page.getByRole("dialog", { name: "Emma" }).getByRole("log").locator("li");

function siteAiRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) urls.push(r.url());
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
  await openChat(page);
  await ask(page, "Ja tack, kontakta mig");
  await expect(bot(page).last()).toContainText("Fyll i dina kontaktuppgifter i formuläret");
  await expect(page.getByText("Perfekt! Låt mig få dina kontaktuppgifter")).toBeVisible();
  await expect(bot(page).last()).not.toContainText("API-nyckel");
});

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
