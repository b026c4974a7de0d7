import { axeScan, describeViolations } from "./axe";
import {
  AI_URL,
  ask,
  fulfillStream,
  openChat,
  pastLeadFormDelay,
  recordAi,
  saveKey,
  saveMailConfig,
} from "./chat-helpers";
import { expect, freezeClock, hydrated, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

const bot = (page: Page) => page.getByRole("dialog", { name: "Emma" }).getByRole("log").locator("li");

/** The panel's scrolling area: the message log, the lead form and the settings. */
const scroller = (page: Page) => page.getByRole("dialog", { name: "Emma" }).getByRole("log").locator("xpath=..");

/** Whether the first `height` px of `item` (default: all of it) lie within the scrolling area's visible box. */
async function startShown(page: Page, item: Locator, height?: number) {
  const [i, s] = await Promise.all([item.boundingBox(), scroller(page).boundingBox()]);
  if (!i || !s) return false;
  return i.y >= s.y - 0.5 && i.y + (height ?? i.height) <= s.y + s.height + 0.5;
}

const leadHeading = "Perfekt! Låt mig få dina kontaktuppgifter så kan jag skicka relevant info:";

test("the panel is a labelled dialog: focus in, Esc closes and returns focus to the launcher", async ({ page }) => {
  const panel = await openChat(page);
  await expect(panel.getByText("Din AI-assistent")).toBeVisible();
  await expect(panel.getByRole("textbox", { name: "Din fråga till Emma" })).toBeFocused();
  await expect(panel.getByPlaceholder("Skriv din fråga...")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: "Öppna chatten med Emma" })).toBeFocused();
});

test("the open panel and its launcher are one Tab loop: the header's buttons follow the launcher", async ({ page }) => {
  const panel = await openChat(page);
  const launcher = page.getByRole("button", { name: "Stäng chatten med Emma" });
  await panel.getByRole("button", { name: "Skicka" }).focus();
  await page.keyboard.press("Tab");
  await expect(launcher).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Inställningar" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Ny konversation" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(launcher).toBeFocused();
  // Closed, the launcher is one stop of the page again: Tab goes on to the page.
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden();
  const reopen = page.getByRole("button", { name: "Öppna chatten med Emma" });
  await expect(reopen).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(reopen).not.toBeFocused();
});

test("the panel fits a 320 px screen and closes with its close button", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const panel = await openChat(page);
  const box = await panel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  await panel.getByRole("button", { name: "Stäng chatten" }).click();
  await expect(panel).toBeHidden();
});

test("a canned reply makes no AI request", async ({ page }) => {
  const requests = await recordAi(page, (r) => fulfillStream(r, "nej"));
  await openChat(page);
  await saveKey(page);
  await ask(page, "Hur lång tid tar en implementation?");
  await expect(bot(page).last()).toContainText("10–20 dagar");
  await ask(page, "Hej!");
  await expect(bot(page).last()).toContainText("Jag är Emma");
  expect(requests).toHaveLength(0);
});

test("without a key, and nothing on the site answers, Emma says she needs one", async ({ page }) => {
  const requests = await recordAi(page, (r) => fulfillStream(r, "nej"));
  await openChat(page);
  await ask(page, "Kan ni laga min diskmaskin?");
  await expect(bot(page).last()).toContainText("Jag behöver en API-nyckel");
  expect(requests).toHaveLength(0);
});

test("an answer's links go only to the site and the hosts it links to", async ({ page }) => {
  await recordAi(page, (r) =>
    fulfillStream(r, "Se [sidan](/\\evil.example/p), [andra](https://evil.example/) och [kontakt](/kom-igang)."),
  );
  await openChat(page);
  await saveKey(page, "sk-test-123");
  await ask(page, "Kan ni bygga en app för lagerhantering?");
  const answer = bot(page).last();
  await expect(answer).toContainText("Se sidan, andra och kontakt.");
  await expect(answer.getByRole("link", { name: "kontakt" })).toHaveAttribute("href", "/kom-igang");
  await expect(answer.getByRole("link")).toHaveCount(1);
});

test("with a key: one request with the exact body, 'Tänker...', and a streamed answer", async ({ page }) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const requests = await recordAi(page, async (r) => {
    await gate;
    await fulfillStream(r, "Vi bygger ", "gärna **appar**", " – mejla hej@nordlysai.se.");
  });
  await openChat(page);
  await saveKey(page, "sk-test-123");
  await ask(page, "Hej");
  await ask(page, "Kan ni bygga en app för lagerhantering?");
  await expect(page.getByRole("dialog").getByText("Tänker...")).toBeVisible();
  release();
  await expect(bot(page).last()).toContainText("Vi bygger gärna appar – mejla hej@nordlysai.se.");
  await expect(bot(page).last().locator("strong")).toHaveText("appar");
  await expect(bot(page).last().getByRole("link", { name: "hej@nordlysai.se" })).toHaveAttribute(
    "href",
    "mailto:hej@nordlysai.se",
  );
  await expect(page.getByRole("dialog").getByText("Tänker...")).toBeHidden();
  expect(requests).toHaveLength(1);
  const [req] = requests;
  expect(req?.url).toBe(AI_URL);
  expect(req?.headers.authorization).toBe("Bearer sk-test-123");
  expect(req?.headers["content-type"]).toBe("application/json");
  const { messages, ...params } = req!.body;
  expect(params).toEqual({
    model: "gpt-4.1-2025-04-14",
    temperature: 0.3,
    max_tokens: 400,
    frequency_penalty: 0.5,
    stream: true,
  });
  expect(messages[0]?.role).toBe("system");
  expect(messages[0]?.content).toContain("Du är Emma");
  // A bounded history goes along (the canned exchange), the new question last.
  expect(messages.slice(1).map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  expect(messages.at(-1)).toEqual({ role: "user", content: "Kan ni bygga en app för lagerhantering?" });
});

test("a non-streamed JSON answer is shown too", async ({ page }) => {
  await recordAi(page, (r) =>
    r.fulfill({ status: 200, json: { choices: [{ message: { content: "Ett helt svar." } }] } }),
  );
  await openChat(page);
  await saveKey(page);
  await ask(page, "Berätta om er historia");
  await expect(bot(page).last()).toHaveText(/Ett helt svar\./);
});

test("an empty answer gives the 'Hmm...' fallback", async ({ page }) => {
  await recordAi(page, (r) => r.fulfill({ status: 200, json: { choices: [{ message: { content: "" } }] } }));
  await openChat(page);
  await saveKey(page);
  await ask(page, "Berätta om er historia");
  await expect(bot(page).last()).toContainText("Hmm, jag hade lite problem...");
});

for (const [name, handle] of [
  ["401", (r: import("@playwright/test").Route) => r.fulfill({ status: 401, json: { error: { message: "bad key" } } })],
  [
    "429",
    (r: import("@playwright/test").Route) => r.fulfill({ status: 429, json: { error: { message: "slow down" } } }),
  ],
  ["500", (r: import("@playwright/test").Route) => r.fulfill({ status: 500, body: "oops" })],
  ["network error", (r: import("@playwright/test").Route) => r.abort("internetdisconnected")],
] as const) {
  test(`AI ${name} → a friendly fallback that points to the contact form`, async ({ page }) => {
    await recordAi(page, handle);
    await openChat(page);
    await saveKey(page);
    await ask(page, "Berätta om er historia");
    await expect(bot(page).last()).toContainText("kontaktformuläret");
    await expect(page.getByRole("dialog").getByText("Tänker...")).toBeHidden();
  });
}

test("AI timeout after 20 s → fallback, never stuck in 'Tänker...'", async ({ page }) => {
  await page.clock.install();
  await recordAi(page, () => new Promise(() => {})); // never answers
  await openChat(page);
  await saveKey(page);
  await ask(page, "Berätta om er historia");
  await expect(page.getByRole("dialog").getByText("Tänker...")).toBeVisible();
  await page.clock.fastForward(21_000);
  await expect(bot(page).last()).toContainText("kontaktformuläret");
  await expect(page.getByRole("dialog").getByText("Tänker...")).toBeHidden();
});

test("an AI reply with HTML or a script is shown as text and nothing runs", async ({ page }) => {
  const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> javascript:alert(1)';
  await recordAi(page, (r) => fulfillStream(r, payload));
  await openChat(page);
  await saveKey(page);
  await ask(page, "Berätta om er historia");
  await expect(bot(page).last()).toContainText(payload);
  await expect(bot(page).last().locator("img, script")).toHaveCount(0);
  await expect(bot(page).last().locator("a")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
});

test("lead form appears 1 s after a trigger word; 'Senare' hides it", async ({ page }) => {
  await page.clock.install();
  await openChat(page);
  await freezeClock(page);
  await ask(page, "Ja, jag är intresserad");
  const heading = page.getByText(leadHeading);
  await page.clock.runFor(900);
  expect(await heading.count()).toBe(0);
  await page.clock.runFor(150);
  await expect(heading).toBeVisible();
  const panel = page.getByRole("dialog", { name: "Emma" });
  await expect(panel.getByPlaceholder("E-post")).toHaveAttribute("type", "email");
  await expect(panel.getByPlaceholder("Telefonnummer")).toHaveAttribute("type", "tel");
  await panel.getByRole("button", { name: "Senare" }).click();
  await expect(heading).toBeHidden();
});

test("'Senare' by keyboard hides the lead form and gives the focus back to the question field", async ({ page }) => {
  await page.clock.install();
  const panel = await openChat(page);
  await freezeClock(page);
  await ask(page, "Ja, jag är intresserad");
  await page.clock.runFor(1100);
  await panel.getByRole("button", { name: "Senare" }).focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByPlaceholder("Ditt namn")).toBeHidden();
  await expect(panel.getByRole("textbox", { name: "Din fråga till Emma" })).toBeFocused();
});

test("config boxes validate: 'Fyll i alla fält' and an empty key", async ({ page }) => {
  const panel = await openChat(page);
  // Opened late in a conversation, the settings above the log scroll into view.
  for (const q of ["Var finns ni?", "Vad kostar en röstagent?", "Vad är en AI-röstagent?"]) {
    const answers = await bot(page).count();
    await ask(page, q);
    await expect(bot(page)).toHaveCount(answers + 2);
  }
  await expect.poll(() => scroller(page).evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
  await panel.getByRole("button", { name: "Inställningar" }).click();
  expect(await startShown(page, panel.locator("#ai-key-heading"))).toBe(true);
  await panel.getByRole("button", { name: "Spara", exact: true }).click();
  await expect(panel.getByText("Ange en nyckel först.")).toBeVisible();
  await panel.getByPlaceholder("Service ID").fill("service_x");
  await panel.getByRole("button", { name: "Spara EmailJS-konfiguration" }).click();
  await expect(page.getByText("Fyll i alla fält")).toBeVisible();
  await expect(page.getByText("Alla EmailJS-fält måste fyllas i.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("emma.emailjs-config"))).toBeNull();
  await expect(panel.getByText("Leads skickas till säljteamet på salj@nordlysai.se.")).toBeVisible();
});

test("lead with the visitor's EmailJS config: the exact payload, thanks message and toast", async ({ page }) => {
  await page.clock.install({ time: Math.floor(Date.now() / 60_000) * 60_000 });
  let sent: { url: string; body: Record<string, unknown> } | null = null;
  await page.route("https://api.emailjs.com/api/v1.0/email/send", async (r) => {
    sent = { url: r.request().url(), body: r.request().postDataJSON() };
    await r.fulfill({ status: 200, body: "OK" });
  });
  const panel = await openChat(page, "/om-oss");
  // The service id is saved trimmed (the payload below says service_v).
  await saveMailConfig(page, { serviceId: " service_v " });
  await ask(page, "Hej");
  await ask(page, "Vi vill veta mer");
  await page.clock.runFor(1100);
  await panel.getByPlaceholder("Ditt namn").fill("Sara Ek");
  await panel.getByPlaceholder("E-post").fill("sara@ek.se");
  await panel.getByPlaceholder("Telefonnummer").fill("070-111 22 33");
  await panel.getByPlaceholder("Företag").fill("Ek AB");
  await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
  await expect(bot(page).last()).toContainText(
    "Tack! Jag har skickat dina uppgifter till vårt team. Vi hör av oss inom kort! 😊",
  );
  await expect(page.getByText("Dina uppgifter har skickats till vårt team. Vi hör av oss snart!")).toBeVisible();
  await expect(panel.getByPlaceholder("Ditt namn")).toBeHidden();
  expect(sent).not.toBeNull();
  const { body } = sent!;
  expect(body).toMatchObject({
    user_id: "pk_v",
    service_id: "service_v",
    template_id: "template_v",
    lib_version: "4.4.1",
  });
  const params = body.template_params as Record<string, string>;
  expect(params).toMatchObject({
    to_email: "salj@nordlysai.se",
    from_name: "Sara Ek",
    from_email: "sara@ek.se",
    phone: "070-111 22 33",
    company: "Ek AB",
    source: "Emma chat (/om-oss)",
    message: "Sara Ek vill bli kontaktad efter en konversation med Emma.",
  });
  expect(params.conversation).toContain("Du: Hej\nEmma: Hej! Jag är Emma");
  expect(params.conversation).toContain("Du: Vi vill veta mer");
  expect(new Date(params.timestamp!).toISOString()).toBe(params.timestamp);
});

/**
 * The lead form filled in, with the visitor's mail config saved and EmailJS answering `status`;
 * returns the panel with the focus on 'Skicka uppgifter', ready for Enter.
 */
async function leadReadyToSend(page: import("@playwright/test").Page, status: number) {
  await page.clock.install();
  await page.route("https://api.emailjs.com/api/v1.0/email/send", (r) =>
    r.fulfill({ status, body: status === 200 ? "OK" : "Bad" }),
  );
  const panel = await openChat(page);
  await saveMailConfig(page);
  await ask(page, "Ja, jag är intresserad");
  await page.clock.runFor(1100);
  await panel.getByPlaceholder("Ditt namn").fill("Sara Ek");
  await panel.getByPlaceholder("E-post").fill("sara@ek.se");
  await panel.getByRole("button", { name: "Skicka uppgifter" }).focus();
  return panel;
}

test("a lead sent from the keyboard gives the focus back to the question field", async ({ page }) => {
  const panel = await leadReadyToSend(page, 200);
  await page.keyboard.press("Enter");
  await expect(bot(page).last()).toContainText("Tack! Jag har skickat dina uppgifter till vårt team.");
  await expect(panel.getByPlaceholder("Ditt namn")).toBeHidden();
  await expect(panel.getByRole("textbox", { name: "Din fråga till Emma" })).toBeFocused();
});

test("a lead the mail service rejects keeps the form and the focus on 'Skicka uppgifter'", async ({ page }) => {
  const panel = await leadReadyToSend(page, 400);
  const submit = panel.getByRole("button", { name: "Skicka uppgifter" });
  await page.keyboard.press("Enter");
  await expect(page.getByText("Kunde inte skicka meddelandet. Försök igen senare.")).toBeVisible();
  await expect(submit).toBeEnabled();
  await expect(submit).toBeFocused();
});

test("at 360×740 the chat opens at the start of the greeting and the lead form shows from its heading", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.clock.install();
  await openChat(page);
  await freezeClock(page);
  await expect.poll(() => startShown(page, bot(page).first(), 20)).toBe(true);
  await ask(page, "Ja, jag är intresserad");
  await expect(bot(page).last()).not.toContainText("Ja, jag är intresserad");
  // Emma's answer is shown from its start.
  await expect.poll(() => startShown(page, bot(page).last(), 20)).toBe(true);
  await page.clock.runFor(1100);
  const panel = page.getByRole("dialog", { name: "Emma" });
  await expect(panel.getByText(leadHeading)).toBeVisible();
  await expect.poll(() => startShown(page, panel.getByText(leadHeading))).toBe(true);
  await expect.poll(() => startShown(page, panel.getByPlaceholder("Ditt namn"))).toBe(true);
});

/**
 * What keeps the focused element, or the error it is described by, from being seen whole: lying
 * outside the visible box of its scrolling area or the window, or something else over one of nine
 * points of it (near its corners, its edges' middles, its centre). Empty when nothing does.
 */
async function focusedSeen(page: Page) {
  return page.evaluate(() => {
    function whatHides(el: Element): string | null {
      const r = el.getBoundingClientRect();
      let box = el.parentElement;
      while (box && getComputedStyle(box).overflowY !== "auto") box = box.parentElement;
      const s = box?.getBoundingClientRect() ?? new DOMRect(0, 0, innerWidth, innerHeight);
      const at = `${Math.round(r.top)}–${Math.round(r.bottom)} px`;
      if (r.top < s.top - 0.5 || r.bottom > s.bottom + 0.5)
        return `${at}, outside the scrolling area's ${Math.round(s.top)}–${Math.round(s.bottom)} px`;
      if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return `${at}, off the screen`;
      // Inset from the sides past a rounded corner's curve (a pill's too).
      const dx = Math.min(12, r.width / 4);
      for (const y of [r.top + 3, (r.top + r.bottom) / 2, r.bottom - 3])
        for (const x of [r.left + dx, (r.left + r.right) / 2, r.right - dx]) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || !el.contains(hit)) return `${at}, under ${hit?.outerHTML.slice(0, 80) ?? "nothing"}`;
        }
      return null;
    }
    const el = document.activeElement!;
    const errorIds = (el.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id.endsWith("-error"));
    const parts = [el, ...errorIds.map((id) => document.getElementById(id)!)];
    return parts.flatMap((part) => {
      const why = whatHides(part);
      return why ? [`${part === el ? "the field" : `its error "${part.textContent}"`}: ${why}`] : [];
    });
  });
}

const leadStops = ["Ditt namn", "E-post", "Telefonnummer", "Företag", "Skicka uppgifter", "Senare"];
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement;
    return el.placeholder || el.textContent?.trim() || "";
  });

// Issue 44: at 375 px the sticky buttons covered the e-mail field and its error, on a laptop the phone field.
for (const screen of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
  { width: 288, height: 320 },
]) {
  test(`at ${screen.width}×${screen.height} the lead form's first field is focused, every field and error is seen on Tab`, async ({
    page,
  }) => {
    await page.setViewportSize(screen);
    await page.clock.install();
    const panel = await openChat(page);
    await ask(page, "ok låter bra, ja tack kontakta mig");
    await pastLeadFormDelay(page);
    const name = panel.getByPlaceholder("Ditt namn");
    await expect(name).toBeFocused();
    await expect.poll(() => focusedSeen(page)).toEqual([]);
    if (screen.height > 320) expect(await startShown(page, panel.getByText(leadHeading))).toBe(true);

    for (const stop of leadStops.slice(1)) {
      await page.keyboard.press("Tab");
      await expect.poll(() => focusedName(page)).toBe(stop);
      await expect.poll(() => focusedSeen(page), { message: stop }).toEqual([]);
    }

    // Sent empty: the errors show, the first invalid field takes the focus; each field and its error is seen.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription("Fyll i ditt namn.");
    await expect(panel.getByPlaceholder("E-post")).toHaveAccessibleDescription("Fyll i e-post.");
    await expect.poll(() => focusedSeen(page), { message: "Ditt namn" }).toEqual([]);
    for (const stop of leadStops.slice(1, 4)) {
      await page.keyboard.press("Tab");
      await expect.poll(() => focusedName(page)).toBe(stop);
      await expect.poll(() => focusedSeen(page), { message: stop }).toEqual([]);
    }
  });
}

// CI, 7 Dec: Emma's answer came after the form had the focus and scrolled the field out of sight.
test("at 288×320 an answer that comes after the lead form leaves its focused field in sight", async ({ page }) => {
  await page.setViewportSize({ width: 288, height: 320 });
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const long = "Tack! Vi återkommer gärna med ett förslag som passar er verksamhet och era system. ".repeat(4);
  await recordAi(page, async (r) => {
    await gate;
    await fulfillStream(r, ...long.split(". "));
  });
  await page.clock.install();
  const panel = await openChat(page);
  await saveKey(page);
  await page.clock.fastForward(10_000);
  await expect(page.getByText("Sparat!")).toBeHidden();
  await ask(page, "ja tack, kontakta mig");
  await pastLeadFormDelay(page);
  await expect(panel.getByPlaceholder("Ditt namn")).toBeFocused();
  await expect.poll(() => focusedSeen(page)).toEqual([]);
  release();
  await expect(bot(page).last()).toContainText("passar er verksamhet");
  await expect(panel.getByPlaceholder("Ditt namn")).toBeFocused();
  await expect.poll(() => focusedSeen(page)).toEqual([]);
});

test("axe: nothing in the lead form at 375 px, with and without its errors", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.clock.install();
  const panel = await openChat(page);
  await ask(page, "ja tack kontakta mig");
  await pastLeadFormDelay(page);
  await expect(panel.getByPlaceholder("Ditt namn")).toBeFocused();
  expect(describeViolations(await axeScan(page, ["form[data-form=lead]"]))).toEqual([]);
  await panel.getByRole("button", { name: "Skicka uppgifter" }).click();
  await expect(panel.getByText("Fyll i e-post.")).toBeVisible();
  expect(describeViolations(await axeScan(page, ["form[data-form=lead]"]))).toEqual([]);
});

test("the panel's fields have 16 px text, so iOS does not zoom into them", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.clock.install();
  const panel = await openChat(page);
  await ask(page, "ja tack kontakta mig");
  await pastLeadFormDelay(page);
  await expect(panel.getByPlaceholder("Ditt namn")).toBeFocused();
  await panel.getByRole("button", { name: "Inställningar" }).click();
  const sizes = await panel
    .locator("input:visible:not([tabindex='-1'])")
    .evaluateAll((inputs) =>
      inputs.map((i) => `${(i as HTMLInputElement).placeholder}: ${getComputedStyle(i).fontSize}`),
    );
  // The question, the four lead fields, the AI key and the three EmailJS fields (not the honeypot).
  expect(sizes).toHaveLength(9);
  expect(sizes.filter((s) => !s.endsWith(": 16px"))).toEqual([]);
});

test("at 1280 px the lead form's heading is not cut", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  const panel = await openChat(page);
  await freezeClock(page);
  await ask(page, "Vi vill veta mer");
  await page.clock.runFor(1100);
  await expect(panel.getByText(leadHeading)).toBeVisible();
  await expect.poll(() => startShown(page, panel.getByText(leadHeading))).toBe(true);
});

test("an open lead form is there again after a reload, as Emma's words about it are", async ({ page }) => {
  await page.clock.install();
  await openChat(page);
  await ask(page, "Ja, jag är intresserad");
  await pastLeadFormDelay(page);
  const panel = page.getByRole("dialog", { name: "Emma" });
  await expect(panel.getByText(leadHeading)).toBeVisible();
  await page.reload();
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  await expect(panel.getByText(leadHeading)).toBeVisible();
  await panel.getByRole("button", { name: "Senare" }).click();
  await page.reload();
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  await expect(bot(page).filter({ hasText: "Ja, jag är intresserad" })).toHaveCount(1);
  await expect(panel.getByText(leadHeading)).toHaveCount(0);
});

test("a reload within the lead form's second still finds it there", async ({ page }) => {
  await page.clock.install();
  await openChat(page);
  await freezeClock(page);
  await ask(page, "Ja, jag är intresserad");
  const panel = page.getByRole("dialog", { name: "Emma" });
  // The clock stands still: the form is not shown yet, but it is already kept as open.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("emma.leadForm.v1"))).toBe("true");
  await expect(panel.getByText(leadHeading)).toHaveCount(0);
  await page.clock.resume();
  await page.reload();
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  await expect(panel.getByText(leadHeading)).toBeVisible();
});

test("a long streamed answer is shown from its start", async ({ page }) => {
  const sentence = "Det här är en lång mening om hur våra AI-assistenter hjälper företag att svara kunder direkt. ";
  await recordAi(page, (r) => fulfillStream(r, "Början av svaret. ", ...Array<string>(12).fill(sentence)));
  await openChat(page);
  await saveKey(page);
  await ask(page, "Kan ni bygga en app för lagerhantering?");
  const answer = bot(page).last();
  await expect(answer).toContainText("Början av svaret.");
  await expect(answer).toContainText(sentence.repeat(12).trim());
  await expect.poll(() => startShown(page, answer, 20)).toBe(true);
});

test("the conversation survives a reload and page changes; 'Ny konversation' clears it", async ({ page }) => {
  await openChat(page);
  await ask(page, "Vad kostar det?");
  await expect(bot(page).last()).toContainText("offert");
  await page.reload();
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  await expect(bot(page).filter({ hasText: "Vad kostar det?" })).toHaveCount(1);
  await page.getByRole("dialog").getByRole("button", { name: "Stäng chatten" }).click();
  await page.getByRole("link", { name: "Läs mer om oss" }).click();
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  await expect(bot(page).filter({ hasText: "Vad kostar det?" })).toHaveCount(1);
  await page.getByRole("dialog").getByRole("button", { name: "Ny konversation" }).click();
  await expect(bot(page)).toHaveCount(1); // only the greeting
});

test("nothing is written to storage before the visitor acts", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  await page.getByRole("dialog").waitFor();
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, ""]);
});

test("suggestion chips ask canned topics; the chatbot card opens the panel", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Chatta med Emma" }).click();
  const panel = page.getByRole("dialog", { name: "Emma" });
  await panel.getByRole("button", { name: "Vad kostar det?" }).click();
  await expect(bot(page).last()).toContainText("offert");
});

test("keyboard-only journey: open, ask, close", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).focus();
  await page.keyboard.press("Enter");
  // As a keyboard user does: type once the question field has the focus.
  await expect(page.getByRole("textbox", { name: "Din fråga till Emma" })).toBeFocused();
  await page.keyboard.type("Följer ni GDPR?");
  await page.keyboard.press("Enter");
  await expect(bot(page).last()).toContainText("GDPR");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "Öppna chatten med Emma" })).toBeFocused();
});

test("axe: no violations with the panel open, settings shown and the lead form shown", async ({ page }) => {
  await page.clock.install();
  const panel = await openChat(page);
  await panel.getByRole("button", { name: "Inställningar" }).click();
  await ask(page, "Ja tack");
  await page.clock.runFor(1100);
  await expect(page.getByText("Perfekt! Låt mig få dina kontaktuppgifter")).toBeVisible();
  expect(describeViolations(await axeScan(page))).toEqual([]);
});
