import { startSiteServer } from "../../scripts/lib/site-server.mjs";
import { startSmtp, mailParts } from "../../server/testing/receivers.mjs";
import { axeScan, describeViolations } from "./axe";
import { ask, openChat } from "./chat-helpers";
import { expect, freezeClock, hydrated, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

const FULL_DATE = /^(måndag|tisdag|onsdag|torsdag|fredag) \d{1,2} [a-zåäö]+ kl\. \d{2}:\d{2}$/;

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 20 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return i;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error("never reached with Tab");
}

test("a visitor books the free meeting in the chat with the keyboard only, at 375 px", async ({
  page,
  consoleErrors,
}) => {
  // Two bookings: a meeting, then a call back.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await hydrated(page);
  await tabTo(page, page.getByRole("button", { name: "Öppna chatten med Emma" }));
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Emma" });
  const input = panel.getByRole("textbox", { name: "Din fråga till Emma" });
  await expect(input).toBeFocused();
  await page.keyboard.type("kan vi ses?");
  await page.keyboard.press("Enter");

  const times = panel.getByRole("group", { name: "Lediga mötestider" });
  const buttons = times.getByRole("button");
  await expect(buttons).toHaveCount(4);
  const names = await buttons.allInnerTexts();
  expect(names.slice(0, 3).every((n) => FULL_DATE.test(n))).toBe(true);
  expect(names[3]).toBe("Fler tider");
  // In the log Emma's messages are announced from (aria-live polite).
  await expect(panel.getByRole("log")).toHaveAttribute("aria-live", "polite");
  const box = await panel.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([288, 320]);
  for (const b of await buttons.all()) {
    const r = await b.boundingBox();
    expect(r && box && r.x >= box.x && r.x + r.width <= box.x + box.width).toBe(true);
    // A finger's target (WCAG 2.5.5: 44 px), with text a phone reads.
    expect(r!.height, `${await b.innerText()}: its height`).toBeGreaterThanOrEqual(44);
    expect(await b.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(14);
  }
  expect(describeViolations(await axeScan(page))).toEqual([]);
  // One Tab stop each: back from the question field, "Fler tider" first, then the times.
  await page.keyboard.press("Shift+Tab");
  await expect(buttons.nth(3)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(buttons.nth(2)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(buttons.nth(0)).toBeFocused();
  const chosen = names[0]!;
  await page.keyboard.press("Enter");

  await expect(panel.getByRole("log").locator("li").last()).toContainText(`Toppen, jag håller ${chosen} åt dig`);
  // The spec's lead form, its texts unchanged, appears with its first field in focus.
  const form = panel.locator("form[data-form=lead]");
  await expect(form).toContainText("Perfekt! Låt mig få dina kontaktuppgifter så kan jag skicka relevant info:");
  await expect(panel.getByPlaceholder("Ditt namn")).toBeFocused();
  // The time chosen among the buttons shows chosen in the form's list of times.
  await expect(form.locator("select[name=time] option:checked")).toHaveText(chosen);
  await page.keyboard.type("Anna Berg");
  await page.keyboard.press("Tab");
  await page.keyboard.type(`anna.${Date.now()}@example.se`);
  await tabTo(page, panel.getByRole("button", { name: "Skicka uppgifter" }));
  await page.keyboard.press("Enter");

  const summary = panel.getByRole("region", { name: "Sammanfattning av bokningen" });
  await expect(summary).toContainText(`${chosen} · Anna Berg, anna.`);
  const book = summary.getByRole("button", { name: "Boka" });
  await expect(book).toBeFocused();
  expect((await book.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expect.poll(() => insideScroller(page, book)).toBe(true);
  expect(describeViolations(await axeScan(page))).toEqual([]);
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("log").locator("li").last()).toContainText(`Klart! Mötet är bokat ${chosen}.`);
  await expect(summary).toHaveCount(0);
  await expect(input).toBeFocused();

  // A call back: the form asks for the phone number itself, before the summary and its "Boka".
  await page.keyboard.type("kan ni ringa upp mig?");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("log").locator("li").last()).toContainText("Självklart! Vi kan ringa upp dig");
  const callTime = (await buttons.first().innerText()).trim();
  await buttons.first().press("Enter");
  await expect(form).toContainText("Perfekt! Låt mig få dina kontaktuppgifter så kan jag skicka relevant info:");
  const phone = panel.getByRole("textbox", { name: "Telefonnummer" });
  await expect(phone).toHaveAttribute("required", "");
  await expect(phone).toHaveAttribute("placeholder", "Telefonnummer");
  await expect(phone).toHaveAccessibleDescription("Skriv ett telefonnummer så att vi kan ringa upp dig.");
  await panel.getByPlaceholder("Ditt namn").fill("Bo Ek");
  await panel.getByPlaceholder("E-post").fill(`bo.${Date.now()}@example.se`);
  await panel.getByPlaceholder("Företag").fill("Ek AB");
  await panel.getByRole("button", { name: "Skicka uppgifter" }).press("Enter");
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/^Fyll i telefonnummer\./);
  await expect(summary).toHaveCount(0);
  await page.keyboard.type("070-123 45 67");
  await page.keyboard.press("Enter");
  await expect(summary).toContainText(`${callTime} · Bo Ek, bo.`);
  await summary.getByRole("button", { name: "Boka" }).press("Enter");
  await expect(panel.getByRole("log").locator("li").last()).toContainText("Vi ringer dig på 070-123 45 67.");
  expect(consoleErrors).toEqual([]);
});

// Issue 52, item 3: without AI, a question about the meeting is answered, only a wish to meet gets
// times, and a yes to being contacted gets the spec's lead form, never a retrieved passage.
test("without AI, a question about the meeting gets its answer, a wish times, a yes the lead form", async ({
  page,
  consoleErrors,
}) => {
  await page.clock.install();
  const panel = await openChat(page);
  await freezeClock(page);
  const said = panel.getByRole("log").locator("li");
  const times = panel.getByRole("group", { name: "Lediga mötestider" });
  await ask(page, "hur lång är mötet och kostar det något?");
  await expect(said.last()).toContainText("Det första mötet är kostnadsfritt och tar 15 minuter.");
  await expect(said.last().getByRole("link", { name: "Läs mer: Kom igång" })).toHaveAttribute("href", "/kom-igang");
  await expect(times).toHaveCount(0);

  await ask(page, "ok, hör av er till mig");
  await expect(said.last()).toContainText("Vad roligt! Fyll i dina kontaktuppgifter i formuläret här i chatten");
  await expect(panel.getByPlaceholder("Ditt namn")).toHaveCount(0);
  await page.clock.runFor(1100);
  await expect(panel.getByPlaceholder("Ditt namn")).toBeFocused();
  await panel.getByRole("button", { name: "Senare" }).click();

  await ask(page, "kan ni ringa mej imorgn efter lunch?");
  await expect(said.last()).toContainText(/Självklart! Vi kan ringa upp dig|Jag hittade ingen ledig tid just då/);
  await expect(times.last().getByRole("button").first()).toHaveText(FULL_DATE);
  expect(consoleErrors).toEqual([]);
});

/** Whether all of `item` lies within the visible box of the panel's scrolling area. */
async function insideScroller(page: Page, item: Locator) {
  const scroller = page.getByRole("dialog", { name: "Emma" }).getByRole("log").locator("xpath=..");
  const [i, s] = await Promise.all([item.boundingBox(), scroller.boundingBox()]);
  return Boolean(i && s && i.y >= s.y - 0.5 && i.y + i.height <= s.y + s.height + 0.5);
}

test("on a phone, the lead form after 'boka' keeps the times, and its details book one", async ({
  page,
  consoleErrors,
}) => {
  // Its own server, so no other test holds the times it books; two bookings from one address.
  test.setTimeout(60_000);
  const site = await startSiteServer({
    INBOX_DIR: `test-results/booking-wish-${Date.now()}`,
    BOOKING_ADDRESS_LIMIT: "2",
  });
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(site.url);
    await hydrated(page);
    await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
    const panel = page.getByRole("dialog", { name: "Emma" });
    const input = panel.getByRole("textbox", { name: "Din fråga till Emma" });
    const log = panel.getByRole("log");
    const form = panel.locator("form[data-form=lead]");
    const summary = panel.getByRole("region", { name: "Sammanfattning av bokningen" });
    const confirms: Record<string, unknown>[] = [];
    const leads: Record<string, string>[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/booking/confirm")) confirms.push(r.postDataJSON());
      if (r.url().endsWith("/api/v1.0/email/send")) leads.push(r.postDataJSON().template_params);
    });

    // The spec's form comes a second after "boka", with the offered times in it, in view.
    await input.fill("Kan vi boka ett möte på torsdag?");
    await input.press("Enter");
    const offered = panel.getByRole("group", { name: "Lediga mötestider" }).getByRole("button");
    await expect(offered.first()).toBeVisible();
    const labels = (await offered.allInnerTexts()).filter((t) => FULL_DATE.test(t));
    expect(labels.length).toBeGreaterThanOrEqual(2);
    await expect(form).toContainText("Perfekt! Låt mig få dina kontaktuppgifter så kan jag skicka relevant info:");
    const time = form.getByRole("combobox", { name: "Tid för mötet" });
    await expect(time).toHaveValue("");
    expect(await time.locator("option").allInnerTexts()).toEqual(["Välj en tid för mötet (valfritt)", ...labels]);
    await expect.poll(() => insideScroller(page, form.getByText(/^Perfekt! Låt mig få/))).toBe(true);
    await expect.poll(() => insideScroller(page, time)).toBe(true);
    await expect.poll(() => insideScroller(page, panel.getByPlaceholder("Ditt namn"))).toBe(true);
    expect((await time.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(describeViolations(await axeScan(page))).toEqual([]);

    // Details with a time chosen in the form: that time is held and booked, no plain lead.
    await time.selectOption({ label: labels[1]! });
    await panel.getByPlaceholder("Ditt namn").fill("Eva Lind");
    await panel.getByPlaceholder("E-post").fill("eva@lind.se");
    await form.getByRole("button", { name: "Skicka uppgifter" }).click();
    await expect(summary).toContainText(`${labels[1]} · Eva Lind, eva@lind.se`);
    await expect(form).toHaveCount(0);
    await summary.getByRole("button", { name: "Boka" }).click();
    await expect(log.locator("li").last()).toContainText(`Klart! Mötet är bokat ${labels[1]}.`);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]).toMatchObject({ template_params: { from_name: "Eva Lind", from_email: "eva@lind.se" } });
    expect(leads).toHaveLength(0);

    // Without a time: the lead says the visitor wanted a meeting, and Emma offers the times again;
    // one chosen then books with the details already given.
    await panel.getByRole("button", { name: "Ny konversation" }).click();
    await input.fill("Vi vill gärna boka en genomgång");
    await input.press("Enter");
    await expect(form.getByRole("combobox", { name: "Tid för mötet" })).toBeVisible();
    await panel.getByPlaceholder("Ditt namn").fill("Olle Berg");
    await panel.getByPlaceholder("E-post").fill("olle@berg.se");
    await form.getByRole("button", { name: "Skicka uppgifter" }).click();
    await expect(log.getByText("Tack! Jag har skickat dina uppgifter till vårt team.")).toBeVisible();
    expect(leads).toHaveLength(1);
    expect(leads[0]!.message).toBe(
      "Olle Berg vill boka ett kostnadsfritt möte efter en konversation med Emma, men har inte valt någon tid än.",
    );
    await expect(log.locator("li").last()).toContainText("Vill du boka en tid direkt också?");
    const again = panel.getByRole("group", { name: "Lediga mötestider" }).getByRole("button");
    await expect.poll(() => insideScroller(page, again.first())).toBe(true);
    const later = (await again.nth(2).innerText()).trim();
    await again.nth(2).click();
    await expect(summary).toContainText(`${later} · Olle Berg, olle@berg.se`);
    await summary.getByRole("button", { name: "Boka" }).click();
    await expect(log.locator("li").last()).toContainText(`Klart! Mötet är bokat ${later}.`);
    expect(confirms).toHaveLength(2);
    expect(confirms[1]).toMatchObject({ template_params: { from_name: "Olle Berg", from_email: "olle@berg.se" } });
    expect(consoleErrors).toEqual([]);
  } finally {
    site.stop();
  }
});

test("/kom-igang books a chosen time with the request", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.clock.install(); // the toast's six seconds (app/components/ui/toaster.tsx), moved on below
  await page.goto("/kom-igang");
  await hydrated(page);
  await page.getByRole("radio", { name: /Automation/ }).check({ force: true });
  await page.locator("input[name=name]").fill("Erik Lund");
  const email = `erik.${Date.now()}@lund.se`;
  await page.locator("input[name=email]").fill(email);
  await page.getByRole("button", { name: "Välj en tid för ett kostnadsfritt 15-minutersmöte" }).click();
  const times = page.getByRole("group", { name: "Lediga mötestider" });
  await expect(times.getByRole("button").first()).toBeFocused();
  await expect(times.getByRole("button")).toHaveCount(7);
  // The sixth time: the chat's test, running beside this one, books among the nearest three.
  const first = times.getByRole("button").nth(5);
  const label = await first.innerText();
  expect(label).toMatch(FULL_DATE);
  await first.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Vald tid" })).toHaveText(`Vald tid: ${label}`);
  await expect(first).toHaveAttribute("aria-pressed", "true");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/booking/confirm"));
  await page.getByRole("button", { name: "Skicka förfrågan" }).click();
  const body = (await sent).postDataJSON();
  expect(body.template_id).toBe("template_get_started");
  expect(body.template_params).toMatchObject({
    from_name: "Erik Lund",
    from_email: email,
    subject: "Ny förfrågan för Automation",
  });
  const toastText = page.locator("[data-sonner-toast]").filter({ hasText: "Tack för din förfrågan!" });
  await expect(toastText).toContainText(`Mötet är bokat ${label}.`);
  await expect(page.locator("input[name=name]")).toHaveValue("");
  // What was sent, the time and what comes next stay on the page after the toast.
  const note = page.getByRole("region", { name: "Din förfrågan är skickad" });
  await expect(note).toContainText(`Ditt kostnadsfria möte: ${label}.`);
  await expect(note).toContainText(email);
  await expect(note.getByRole("definition").filter({ hasText: "Automation" })).toHaveCount(1);
  await page.clock.fastForward(6_000);
  await expect(toastText).toHaveCount(0, { timeout: 15_000 });
  await expect(note).toBeVisible();
  expect(describeViolations(await axeScan(page))).toEqual([]);
  // The time is taken now: the next visitor is not offered it.
  const next = await (await page.request.get("/api/booking/slots?limit=12")).json();
  expect(next.slots.map((s: { label: string }) => s.label)).not.toContain(label);
  expect(consoleErrors).toEqual([]);
});

test.describe("the manage page", () => {
  test("moves and then cancels a booking from the mail's link, on a phone", async ({ page }) => {
    // Its own server, and five page loads.
    test.setTimeout(60_000);
    const smtp = await startSmtp();
    const site = await startSiteServer({
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: "salj@example.se",
      INBOX_DIR: `test-results/booking-manage-${Date.now()}`,
    });
    try {
      const origin = { "content-type": "application/json", origin: site.url };
      const { slots } = await (await fetch(`${site.url}/api/booking/slots`)).json();
      const held = await (
        await fetch(`${site.url}/api/booking/hold`, {
          method: "POST",
          headers: origin,
          body: JSON.stringify({ start: slots[0].start }),
        })
      ).json();
      const email = "manage@example.se";
      const booked = await fetch(`${site.url}/api/booking/confirm`, {
        method: "POST",
        headers: origin,
        body: JSON.stringify({
          holdId: held.holdId,
          template_id: "template_lead",
          template_params: { from_name: "Anna Berg", from_email: email, subject: "Nytt lead" },
        }),
      });
      expect(booked.status).toBe(200);
      await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length).toBe(1);
      const text = mailParts(smtp.mails.find((m) => m.to.includes(email))!.raw).find(
        (p) => p.type === "text/plain",
      )!.text;
      const token = /\/bokning\?t=(\S+)/.exec(text)![1]!;

      await page.setViewportSize({ width: 375, height: 740 });
      const response = await page.goto(`${site.url}/bokning?t=${token}`);
      expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      await expect(page.getByRole("heading", { name: "Ditt möte" })).toBeVisible();
      await expect(page.getByText(slots[0].label)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(describeViolations(await axeScan(page))).toEqual([]);

      // Another time, day by day: the next day's link shows its times.
      const days = page.getByRole("navigation", { name: "Dagar med lediga tider" }).getByRole("link");
      expect(await days.count()).toBeGreaterThanOrEqual(5);
      await expect(days.first()).toHaveAttribute("aria-current", "date");
      await days.nth(1).click();
      await expect(days.nth(1)).toHaveAttribute("aria-current", "date");
      const times = page.getByRole("group");
      await expect(times.getByRole("radio").first()).toBeVisible();
      await times.getByRole("radio").first().check();
      await page.getByRole("button", { name: "Flytta mötet" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "Mötet är flyttat. En uppdaterad kalenderinbjudan skickas till din e-post.",
      );
      const movedTo = (await page.locator("p").filter({ hasText: /^Tid:/ }).innerText()).replace(/^Tid:\s*/, "");
      expect(movedTo).toMatch(FULL_DATE);
      expect(movedTo).not.toBe(slots[0].label);
      await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length).toBe(2);

      // Cancelling asks first; "Nej, behåll tiden" keeps it.
      await page.getByRole("button", { name: "Avboka mötet" }).click();
      await expect(page.getByRole("heading", { name: "Vill du avboka mötet?" })).toBeVisible();
      await page.getByRole("link", { name: "Nej, behåll tiden" }).click();
      await expect(page.getByRole("heading", { name: "Ditt möte" })).toBeVisible();
      expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(2);
      await page.getByRole("button", { name: "Avboka mötet" }).click();
      await page.getByRole("button", { name: "Ja, avboka" }).click();
      await expect(page.getByRole("heading", { name: "Mötet är avbokat" })).toBeVisible();
      await expect(page.locator("s")).toHaveText(movedTo);
      await expect(page.getByRole("link", { name: "Boka en ny tid" })).toHaveAttribute("href", "/kom-igang");
      await expect(page.getByRole("button", { name: "Avboka mötet" })).toHaveCount(0);
      expect(describeViolations(await axeScan(page))).toEqual([]);
      await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length).toBe(3);
      const cancel = mailParts(smtp.mails.filter((m) => m.to.includes(email))[2]!.raw).find(
        (p) => p.type === "text/calendar",
      )!;
      expect(cancel.headers).toMatch(/method=CANCEL/);
      // The sales team hears of both, with the old time and the new.
      const team = () =>
        smtp.mails
          .filter((m) => m.to.includes("salj@example.se"))
          .map((m) => mailParts(m.raw).find((p) => p.type === "text/plain")!.text);
      await expect.poll(() => team().filter((t) => /avbokat mötet/.test(t)).length).toBe(1);
      const moveText = team().find((t) => /flyttat mötet/.test(t))!;
      expect(moveText).toContain(`Ny tid: ${movedTo}`);
      expect(moveText).toContain(`Tidigare tid: ${slots[0].label}`);
      // Both times are free again.
      const again = await (await fetch(`${site.url}/api/booking/slots`)).json();
      expect(again.slots[0].start).toBe(slots[0].start);
      // A wrong link gets the page that says it no longer holds.
      await page.goto(`${site.url}/bokning?t=${token.slice(0, -3)}abc`);
      await expect(page.getByText("Länken gäller inte längre.")).toBeVisible();
    } finally {
      site.stop();
      await smtp.close();
    }
  });
});

test.describe("while the sales team approves new bookings", () => {
  test("the chat and /kom-igang say the time is reserved and mail the visitor nothing yet", async ({
    page,
    consoleErrors,
  }) => {
    // Its own server with approval on, and two page loads.
    test.setTimeout(60_000);
    const smtp = await startSmtp();
    const site = await startSiteServer({
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: "salj@example.se",
      BOOKING_APPROVAL: "on",
      // Both bookings come from 127.0.0.1.
      BOOKING_ADDRESS_LIMIT: "10",
      INBOX_DIR: `test-results/booking-approval-${Date.now()}`,
    });
    try {
      await page.goto(`${site.url}/`);
      await hydrated(page);
      await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
      const panel = page.getByRole("dialog", { name: "Emma" });
      await panel.getByRole("textbox", { name: "Din fråga till Emma" }).fill("kan vi ses?");
      await panel.getByRole("textbox", { name: "Din fråga till Emma" }).press("Enter");
      const time = panel.getByRole("group", { name: "Lediga mötestider" }).getByRole("button").first();
      const chosen = (await time.innerText()).trim();
      await time.click();
      await panel.getByPlaceholder("Ditt namn").fill("Anna Berg");
      const chatEmail = `vantar.${Date.now()}@example.se`;
      await panel.getByPlaceholder("E-post").fill(chatEmail);
      await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
      await panel
        .getByRole("region", { name: "Sammanfattning av bokningen" })
        .getByRole("button", { name: "Boka" })
        .click();
      const said = panel.getByRole("log").locator("li").last();
      await expect(said).toContainText(`Tack! Tiden ${chosen} är reserverad åt dig.`);
      await expect(said).toContainText(
        `skickar bekräftelsen med kalenderinbjudan till ${chatEmail} så snart mötet är godkänt`,
      );
      await expect(said).not.toContainText("Mötet är bokat");
      expect(describeViolations(await axeScan(page))).toEqual([]);

      await page.goto(`${site.url}/kom-igang`);
      await hydrated(page);
      await page.getByRole("radio", { name: /Automation/ }).check({ force: true });
      await page.locator("input[name=name]").fill("Erik Lund");
      const formEmail = `vantar.${Date.now()}@lund.se`;
      await page.locator("input[name=email]").fill(formEmail);
      await page.getByRole("button", { name: "Välj en tid för ett kostnadsfritt 15-minutersmöte" }).click();
      const first = page.getByRole("group", { name: "Lediga mötestider" }).getByRole("button").first();
      const label = (await first.innerText()).trim();
      expect(label).not.toBe(chosen);
      await first.click();
      // Held before the request is sent: on a busy machine the hold's answer may come after a click.
      await expect(first).toHaveAttribute("aria-pressed", "true");
      await page.getByRole("button", { name: "Skicka förfrågan" }).click();
      const toastText = page.locator("[data-sonner-toast]").filter({ hasText: "Tack för din förfrågan!" });
      await expect(toastText).toContainText(`Tiden ${label} är reserverad åt dig.`);
      const note = page.getByRole("region", { name: "Din förfrågan är skickad" });
      await expect(note).toContainText(`Tiden ${label} är reserverad åt dig.`);
      await expect(note).toContainText(`till ${formEmail} så snart mötet är godkänt`);
      await expect(note).not.toContainText("Ditt kostnadsfria möte");

      // Both times are taken; the team hears of both as waiting, the visitors' addresses nothing.
      const { slots } = await (await fetch(`${site.url}/api/booking/slots?limit=12`)).json();
      expect(slots.map((s: { label: string }) => s.label)).not.toContain(chosen);
      expect(slots.map((s: { label: string }) => s.label)).not.toContain(label);
      const team = () =>
        smtp.mails
          .filter((m) => m.to.includes("salj@example.se"))
          .map((m) => mailParts(m.raw).find((p) => p.type === "text/plain")!.text);
      await expect.poll(() => team().filter((t) => t.startsWith("VÄNTAR PÅ GODKÄNNANDE")).length).toBe(2);
      expect(smtp.mails.filter((m) => m.to.some((to: string) => to.startsWith("vantar.")))).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      site.stop();
      await smtp.close();
    }
  });
});
