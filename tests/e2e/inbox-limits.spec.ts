import { expect, hydrated, test as base } from "./fixtures";
import { inboxFrom } from "./inbox-helpers";
import { startSiteServer } from "../../scripts/lib/site-server.mjs";

/**
 * A message the inbox refuses with 429 stays in the visitor's outbox and is sent once the limit
 * allows, on the server's own limits (one message per sender e-mail per 10 seconds here: the
 * second message must come within the window, which 3 seconds did not allow on a slow, busy machine).
 */
const WINDOW_SECONDS = 10;
const inboxDir = `test-results/inbox-limits-${process.env.E2E_PORT ?? 4317}`;

async function startSite() {
  return startSiteServer({
    INBOX_DIR: inboxDir,
    INBOX_EMAIL_RATE_LIMIT: "1",
    INBOX_RATE_WINDOW: String(WINDOW_SECONDS),
  });
}

const test = base.extend<object, { site: { url: string } }>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSite();
      await use({ url: site.url });
      site.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

const storedFrom = async (email: string) => (await inboxFrom(email, inboxDir)).map((m) => m.template_params);

test("a message refused by the limit stays in the outbox and is sent when the limit allows", async ({ page }) => {
  test.slow(); // it waits out the window
  const email = `kollega.${Date.now()}@kontor.se`;
  const refusals: string[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/api/v1.0/email/send") && r.status() === 429) refusals.push(r.headers()["retry-after"]!);
  });
  await page.goto("/#contact");
  await hydrated(page);
  const form = page.locator("#contact form");
  const send = async (message: string) => {
    await form.locator("[name=firstName]").fill("Per");
    await form.locator("[name=lastName]").fill("Holm");
    await form.locator("[name=email]").fill(email);
    await form.locator("[name=message]").fill(message);
    await form.getByRole("button", { name: "Skicka meddelande" }).click();
  };

  await send("Första frågan.");
  await expect(page.getByText("Tack för ditt meddelande!")).toBeVisible();
  await send("Andra frågan.");
  await expect(page.getByText("För många meddelanden på kort tid.", { exact: false })).toBeVisible();
  expect(refusals).toHaveLength(1);
  expect(Number(refusals[0])).toBeGreaterThan(0);
  expect(Number(refusals[0])).toBeLessThanOrEqual(WINDOW_SECONDS);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("emma.outbox.v1") ?? "[]"));
  expect(kept).toHaveLength(1);
  expect(kept[0].params).toMatchObject({ from_email: email, message: "Andra frågan." });
  expect((await storedFrom(email)).map((p) => p.message)).toEqual(["Första frågan."]);

  // The outbox waits out Retry-After, then the inbox takes it.
  await expect(page.getByText("Ditt sparade meddelande har nu kommit fram till oss.")).toBeVisible({
    timeout: (WINDOW_SECONDS + 5) * 1000,
  });
  expect((await storedFrom(email)).map((p) => p.message)).toEqual(["Första frågan.", "Andra frågan."]);
  expect(await page.evaluate(() => localStorage.getItem("emma.outbox.v1"))).toBe("[]");
});
