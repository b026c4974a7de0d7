import { startFakeProvider } from "../../server/testing/fake-ai-provider.mjs";
import { AI_URL, ask, fulfillStream, openChat, recordAi, saveKey } from "./chat-helpers";
import { expect, test as base } from "./fixtures";
import type { Page } from "@playwright/test";
import { startSiteServer } from "../../scripts/lib/site-server.mjs";

const SITE_KEY = "test-site-key-0123456789";

type Provider = Awaited<ReturnType<typeof startFakeProvider>>;

/** The site's server as `npm start` runs it, with AI_* pointed at a fake provider on loopback. */
async function startSite(provider: Provider, env: Record<string, string> = {}) {
  return startSiteServer({
    INBOX_DIR: "test-results/inbox-assistant",
    AI_API_KEY: SITE_KEY,
    AI_BASE_URL: provider.baseUrl,
    // Generous: the tests ask many questions from 127.0.0.1 (server tests check the defaults).
    AI_RATE_PER_MINUTE: "10000",
    AI_RATE_PER_DAY: "100000",
    ...env,
  });
}

const test = base.extend<{ provider: Provider }, { site: { provider: Provider; url: string; log: string[] } }>({
  site: [
    // Playwright reads the fixtures a fixture needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const provider = await startFakeProvider();
      const site = await startSite(provider);
      await use({ provider, url: site.url, log: site.log });
      site.stop();
      await provider.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  provider: async ({ site }, use) => {
    site.provider.requests.length = 0;
    site.provider.answerWith({ kind: "stream", tokens: ["Hej från ", "AI:n."] });
    await use(site.provider);
  },
});

const bot = (page: Page) => page.getByRole("dialog", { name: "Emma" }).getByRole("log").locator("li");

test("the ladder: canned reply without AI, then the site's AI streamed and grounded", async ({
  page,
  provider,
  site,
  consoleErrors,
}) => {
  const direct = await recordAi(page, (r) => r.abort());
  await openChat(page);
  await ask(page, "Vad kostar det?");
  await expect(bot(page).last()).toContainText("15 000 kr");
  expect(provider.requests).toHaveLength(0);

  provider.answerWith({ kind: "stream", tokens: ["Vi startade ", "2019 ", "[Om oss](/om-oss)."], delayMs: 30 });
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/assistant"));
  await ask(page, "Berätta om er historia");
  await answered;
  await expect(bot(page).last()).toContainText("Vi startade 2019 Om oss.");
  await expect(bot(page).last().getByRole("link", { name: "Om oss" })).toHaveAttribute("href", "/om-oss");

  expect(provider.requests).toHaveLength(1);
  const [req] = provider.requests;
  expect(req!.headers.authorization).toBe(`Bearer ${SITE_KEY}`);
  const { messages, ...params } = req!.body;
  expect(params).toMatchObject({
    model: "gpt-4.1-2025-04-14",
    temperature: 0.3,
    max_tokens: 400,
    frequency_penalty: 0.5,
    stream: true,
  });
  expect(messages[0].content).toContain("Du är Emma");
  expect(messages[1].content).toContain("Vår historia (/om-oss)");
  expect(messages.slice(2)).toEqual([
    { role: "user", content: "Vad kostar det?" },
    { role: "assistant", content: expect.stringContaining("15 000 kr") },
    { role: "user", content: "Berätta om er historia" },
  ]);
  // The key stays on the server: not in the page, not in what the browser got.
  expect(await page.content()).not.toContain(SITE_KEY);
  expect(direct).toHaveLength(0);
  await expect
    .poll(() => site.log.some((l) => /INFO: assistant \S+ status=200 tokens=60 latency=\d+ms$/.test(l)))
    .toBe(true);
  expect(site.log.join("\n")).not.toContain("historia");
  expect(site.log.join("\n")).not.toContain(SITE_KEY);
  expect(consoleErrors).toEqual([]);
});

test("the visitor's own key still goes straight to the provider, not to the site", async ({ page, provider }) => {
  const direct = await recordAi(page, (r) => fulfillStream(r, "Svar med din nyckel."));
  await openChat(page);
  await saveKey(page, "sk-visitor-1");
  await ask(page, "Berätta om er historia");
  await expect(bot(page).last()).toContainText("Svar med din nyckel.");
  expect(direct).toHaveLength(1);
  expect(direct[0]!.url).toBe(AI_URL);
  expect(direct[0]!.headers.authorization).toBe("Bearer sk-visitor-1");
  expect(provider.requests).toHaveLength(0);
});

test("the site's AI fails: a knowledge answer if the site has one, else a friendly Swedish message", async ({
  page,
  provider,
  consoleErrors,
}) => {
  provider.answerWith({ kind: "status", status: 500 });
  await openChat(page);
  await ask(page, "Var ligger ert kontor?");
  await expect(bot(page).last()).toContainText("Vi finns i Stockholm.");
  await expect(bot(page).last().getByRole("link", { name: "Läs mer: Kontakt" })).toBeVisible();
  await ask(page, "Kan ni laga min diskmaskin?");
  await expect(bot(page).last()).toContainText("Förlåt, jag kan inte svara just nu.");
  expect(provider.requests).toHaveLength(2);
  // The failed requests are the site's own 502s, which Chromium logs; nothing else.
  expect(consoleErrors.filter((e) => !/status of 502/.test(e))).toEqual([]);
});

test("a stream cut in the middle keeps what came and says so", async ({ page, provider }) => {
  provider.answerWith({ kind: "cut", tokens: ["Halva ", "svaret"] });
  await openChat(page);
  await ask(page, "Berätta om er historia");
  await expect(bot(page).last()).toContainText("Halva svaret");
  await expect(bot(page).last()).toContainText("Svaret avbröts");
});

test("over a limit: Emma says what happened and when to try again", async ({ page }) => {
  await page.route("**/api/assistant", (r) =>
    r.fulfill({ status: 429, headers: { "retry-after": "30" }, json: { error: "visitor-minute" } }),
  );
  await openChat(page);
  await ask(page, "Kan ni bygga en app för lagerhantering?");
  await expect(bot(page).last()).toContainText("Du har ställt många frågor på kort tid");
  await expect(bot(page).last()).toContainText("om 30 sekunder");
  await ask(page, "Var ligger ert kontor?");
  await expect(bot(page).last()).toContainText("Vi finns i Stockholm.");
});

test("closing the panel mid-answer aborts the provider's request", async ({ page, provider }) => {
  provider.answerWith({ kind: "stream", tokens: ["Första ", "ordet", " och sedan inget mer"], delayMs: 20_000 });
  await openChat(page);
  await ask(page, "Berätta om er historia");
  await expect(bot(page).last()).toContainText("Första");
  await page.getByRole("dialog", { name: "Emma" }).getByRole("button", { name: "Stäng chatten" }).click();
  await expect.poll(() => provider.requests[0]?.closedEarly).toBe(true);
});

test("with the site's AI, the model offers the times with Emma's tool, streamed or not, and one is booked", async ({
  page,
  provider,
  site,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const FULL_DATE = /^(måndag|tisdag|onsdag|torsdag|fredag) \d{1,2} [a-zåäö]+ kl\. \d{2}:\d{2}$/;
  provider.answerFirst(
    { kind: "tool", name: "lediga_motestider", args: { onskemal: "" } },
    { kind: "stream", tokens: ["Välj gärna ", "en tid nedan."] },
  );
  await openChat(page);
  await ask(page, "Kan vi träffas nästa vecka?");
  const panel = page.getByRole("dialog", { name: "Emma" });
  const buttons = panel.getByRole("group", { name: "Lediga mötestider" }).getByRole("button");
  await expect(buttons).toHaveCount(4);
  await expect(bot(page).last()).toContainText("Välj gärna en tid nedan.");
  const names = await buttons.allInnerTexts();
  expect(names.slice(0, 3).every((n) => FULL_DATE.test(n))).toBe(true);

  // The model had the tools, and its second request carries what the tool found: the same times.
  expect(provider.requests).toHaveLength(2);
  const [first, second] = provider.requests;
  expect(first!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toContain("lediga_motestider");
  const result = second!.body.messages.at(-1);
  expect(result.role).toBe("tool");
  for (const name of names.slice(0, 3)) expect(result.content).toContain(name);
  await expect.poll(() => site.log.some((l) => /status=200 tokens=120 latency=\d+ms tools=1$/.test(l))).toBe(true);

  const chosen = names[0]!;
  await buttons.first().click();
  await expect(bot(page).last()).toContainText(`Toppen, jag håller ${chosen} åt dig`);
  await panel.getByPlaceholder("Ditt namn").fill("Anna Berg");
  await panel.getByPlaceholder("E-post").fill(`anna.ai.${Date.now()}@example.se`);
  await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
  const summary = panel.getByRole("region", { name: "Sammanfattning av bokningen" });
  await summary.getByRole("button", { name: "Boka" }).click();
  await expect(bot(page).last()).toContainText(`Klart! Mötet är bokat ${chosen}.`);

  // A provider that does not stream answers with the call in JSON: the times come the same way.
  provider.answerFirst(
    { kind: "tool", name: "lediga_motestider", args: { samtal: true }, json: true },
    { kind: "stream", tokens: ["Vi ringer gärna upp."] },
  );
  await ask(page, "Kan ni ringa upp mig?");
  await expect(bot(page).last()).toContainText("Vi ringer gärna upp.");
  await expect(bot(page).last().getByRole("button")).toHaveCount(4);
  expect(provider.requests).toHaveLength(4);
  expect(consoleErrors).toEqual([]);
});
