import type { Page } from "@playwright/test";
import { ask, openChat } from "./chat-helpers";
import { expect, freezeClock, test } from "./fixtures";
import { inboxFrom } from "./inbox-helpers";
import { serveStatic } from "./static-server";

/** Emma's lead on a build without EmailJS: the local inbox of the site's server, or no channel. */

async function fillLead(page: Page, email: string) {
  const panel = page.getByRole("dialog", { name: "Emma" });
  await freezeClock(page);
  await ask(page, "Ja, jag är intresserad");
  await page.clock.runFor(1100);
  await page.clock.resume(); // toasts are shown from a timer
  await panel.getByPlaceholder("Ditt namn").fill("Sara Ek");
  await panel.getByPlaceholder("E-post").fill(email);
  await panel.getByPlaceholder("Telefonnummer").fill("070-111 22 33");
  return panel;
}

test("Emma's lead without any EmailJS config is delivered to the local inbox of `npm start`", async ({
  page,
  consoleErrors,
}) => {
  await page.clock.install({ time: Math.floor(Date.now() / 60_000) * 60_000 });
  const email = `sara.${Date.now()}@ek.se`;
  const panel = await openChat(page, "/om-oss");
  await fillLead(page, email);
  await page.clock.fastForward(3000); // past the minimum fill time: not marked as spam
  const request = page.waitForRequest((r) => r.url().endsWith("/api/v1.0/email/send"));
  await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
  expect(new URL((await request).url()).origin).toBe(new URL(page.url()).origin);
  await expect(page.getByText("Dina uppgifter har skickats till vårt team. Vi hör av oss snart!")).toBeVisible();
  await expect(panel.getByRole("log").locator("li").last()).toContainText(
    "Tack! Jag har skickat dina uppgifter till vårt team.",
  );
  await expect(page.getByText("Konfiguration saknas")).toHaveCount(0);
  await expect.poll(async () => (await inboxFrom(email)).length).toBe(1);
  const [stored] = await inboxFrom(email);
  expect(stored!.template_id).toBe("template_lead");
  // The spec's recipient goes to EmailJS; the site's own inbox keeps no copy of it.
  expect(stored!.template_params.to_email).toBeUndefined();
  expect(stored!.template_params).toMatchObject({
    from_name: "Sara Ek",
    phone: "070-111 22 33",
    source: "Emma chat (/om-oss)",
    message: "Sara Ek vill bli kontaktad efter en konversation med Emma.",
    subject: "Nytt lead från Emma: Sara Ek",
  });
  expect(stored!.template_params.conversation).toContain("Du: Ja, jag är intresserad");
  expect(new Date(stored!.template_params.timestamp!).toISOString()).toBe(stored!.template_params.timestamp);
  expect(stored!.template_params.suspected_spam).toBeUndefined();
  expect(consoleErrors).toEqual([]);
});

test.describe("a static host without EmailJS and without the site's server", () => {
  let host: Awaited<ReturnType<typeof serveStatic>>;
  test.beforeAll(async () => {
    host = await serveStatic();
  });
  test.afterAll(() => host.close());

  test("Emma's lead says 'Konfiguration saknas', sends nothing and keeps the form", async ({ page, consoleErrors }) => {
    await page.clock.install();
    const panel = await openChat(page, `${host.url}/`);
    await fillLead(page, "sara@ek.se");
    await page.clock.fastForward(3000);
    await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
    await expect(page.getByText("Konfiguration saknas")).toBeVisible();
    await expect(page.getByText("Vänligen konfigurera EmailJS-inställningar först.")).toBeVisible();
    await expect(panel.getByPlaceholder("E-post")).toHaveValue("sara@ek.se");
    expect(host.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(host.requests.some((r) => r.url === "/api/inbox-status.json")).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("a form sent without JavaScript is a POST: no field ever lands in the URL", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, fill, button] of [
      ["/kom-igang", { name: "Per Persson", email: "per@example.se" }, "Skicka förfrågan"],
      ["/", { firstName: "Per", lastName: "Persson", email: "per@example.se", message: "Hej" }, "Skicka meddelande"],
    ] as const) {
      await page.goto(`${host.url}${path}`);
      for (const [name, value] of Object.entries(fill)) await page.locator(`form [name=${name}]`).first().fill(value);
      const sent = page.waitForRequest((r) => r.url().includes("/api/forms/"));
      await page.getByRole("button", { name: button }).click();
      const request = await sent;
      expect(request.method()).toBe("POST");
      expect(request.postData()).toContain("email=per%40example.se");
      expect(new URL(request.url()).search).toBe("");
      await page.waitForLoadState();
      expect(page.url()).not.toContain("per");
    }
    expect(host.requests.filter((r) => r.url.includes("?"))).toEqual([]);
    await context.close();
  });
});

test("the local inbox answers 429 with Retry-After: the lead is kept, waits that long, then is delivered", async ({
  page,
}) => {
  await page.clock.install();
  const answers = [429, 200];
  const sent: Record<string, string>[] = [];
  await page.route("**/api/v1.0/email/send", (route) => {
    const status = answers.shift() ?? 200;
    if (status === 200) sent.push(route.request().postDataJSON().template_params);
    return route.fulfill({ status, headers: status === 429 ? { "Retry-After": "120" } : {}, body: "" });
  });
  const panel = await openChat(page);
  await fillLead(page, "sara@ek.se");
  await page.clock.fastForward(3000);
  await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
  await expect(
    page.getByText("Dina uppgifter är sparade och skickas automatiskt senare.", { exact: false }),
  ).toBeVisible();
  const due = await page.evaluate(() => {
    const [entry] = JSON.parse(localStorage.getItem("emma.outbox.v1") ?? "[]");
    return entry.nextAttemptAt - Date.now();
  });
  expect(due).toBeGreaterThan(110_000);
  expect(due).toBeLessThanOrEqual(120_000);
  await page.clock.fastForward(100_000);
  expect(sent).toEqual([]);
  await page.clock.fastForward(25_000);
  await expect(page.getByText("Dina uppgifter har skickats till vårt team. Vi hör av oss snart!")).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ from_email: "sara@ek.se" });
});
