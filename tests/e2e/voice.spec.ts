import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./chromium";
import { expect, hydrated, test } from "./fixtures";

/**
 * The voice widget with the real Vapi SDK. Nothing leaves the machine: the fixtures abort the
 * outside hosts (Daily's included), and each test routes https://api.vapi.ai itself.
 */
const PUBLIC_KEY = "pk_test_0123456789";
const ASSISTANT_ID = "asst_test_abcdef";
const START_FAILED = "Kunde inte starta samtal";
const START_FAILED_TEXT = "Kontrollera att mikrofonen är tillgänglig och att konfigurationen är korrekt.";
/** A string only the SDK's code contains. */
const SDK_MARKER = "Assistant or Squad or Workflow must be provided";

// Axe and the SDK's download make these slower than a page check on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

// A fake microphone, so granting the permission gives getUserMedia a device to open.
test.use({
  launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, "--use-fake-device-for-media-stream"] },
});

const voiceButton = (page: Page) => page.getByRole("button", { name: "Röstsamtal med Emma", exact: true });
const toastList = (page: Page) => page.getByRole("region", { name: /Aviseringar/ });

/** Stored settings and the consent, as a returning visitor has them. */
async function configured(page: Page, { consent = true } = {}) {
  await page.addInitScript(
    ({ key, id, consent }) => {
      localStorage.setItem("emma.voice.publicKey", key);
      localStorage.setItem("emma.voice.assistantId", id);
      if (consent) localStorage.setItem("emma.voice.consent", "2026-01-01");
    },
    { key: PUBLIC_KEY, id: ASSISTANT_ID, consent },
  );
}

/** Records every request to the Vapi API and answers POST /call/web with `status`. */
async function vapiApi(page: Page, status: number, body: unknown = { message: "nope" }) {
  const requests: Request[] = [];
  await page.route("https://api.vapi.ai/**", async (route) => {
    requests.push(route.request());
    await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  });
  return requests;
}

async function expectStartFailedToast(page: Page, timeout: number) {
  const toast = toastList(page).getByRole("listitem").filter({ hasText: START_FAILED });
  await expect(toast).toBeVisible({ timeout });
  await expect(toast).toContainText(START_FAILED_TEXT);
}

/** No axe violations inside the given parts of the page (the widget, not the rest of the site). */
async function expectAccessible(page: Page, ...selectors: string[]) {
  const axe = selectors.reduce((builder, selector) => builder.include(selector), new AxeBuilder({ page }));
  const { violations } = await axe.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test.describe("unconfigured", () => {
  test("the setup asks for both fields, trims them and stores each under its own key", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Konfigurera röstsamtal med Emma" }).click();
    const dialog = page.getByRole("dialog", { name: "Emma Röst Setup" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Publik API-nyckel")).toBeFocused();

    await dialog.getByLabel("Publik API-nyckel").fill("   ");
    await dialog.getByLabel("Assistant ID").fill(ASSISTANT_ID);
    await dialog.getByRole("button", { name: "Spara" }).click();
    await expect(toastList(page)).toContainText("Obligatoriska fält");
    await expect(toastList(page)).toContainText("Både API-nyckel och Assistant ID krävs.");
    await expect(dialog.getByLabel("Publik API-nyckel")).toHaveAttribute("aria-invalid", "true");
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await expectAccessible(page, "dialog");

    await dialog.getByLabel("Publik API-nyckel").fill(`  ${PUBLIC_KEY} `);
    await dialog.getByRole("button", { name: "Spara" }).click();
    await expect(toastList(page)).toContainText("Konfiguration sparad! ✅");
    await expect(dialog).toBeHidden();
    expect(
      await page.evaluate(() => [
        localStorage.getItem("emma.voice.publicKey"),
        localStorage.getItem("emma.voice.assistantId"),
      ]),
    ).toEqual([PUBLIC_KEY, ASSISTANT_ID]);
    await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");

    // Survives a reload, and can be cleared again from the settings button.
    await page.reload();
    await hydrated(page);
    await expect(voiceButton(page)).toBeVisible();
    await page.getByRole("button", { name: "Röstinställningar" }).click();
    await expect(dialog.getByLabel("Assistant ID")).toHaveValue(ASSISTANT_ID);
    await dialog.getByRole("button", { name: "Rensa sparade uppgifter" }).click();
    await expect(page.getByRole("button", { name: "Konfigurera röstsamtal med Emma" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("emma.voice.publicKey"))).toBeNull();
  });

  test("the landing page's voice service card opens the widget", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Prata med Emma" }).click();
    await expect(page.getByRole("dialog", { name: "Emma Röst Setup" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("button", { name: "Prata med Emma" })).toBeFocused();
  });
});

test.describe("configured, microphone allowed", () => {
  test.use({ permissions: ["microphone"] });

  test("the SDK is not in the initial bundle and is loaded after the first voice click", async ({ page }) => {
    await configured(page, { consent: false });
    const sdkScripts: string[] = [];
    const scripts: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push(
        response.text().then(
          (text) => void (text.includes(SDK_MARKER) && sdkScripts.push(response.url())),
          () => {},
        ),
      );
    });
    await vapiApi(page, 401);
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await Promise.all(scripts);
    expect(scripts.length).toBeGreaterThan(3);
    expect(sdkScripts).toEqual([]);

    // First click: the one-time consent line, with a link to the privacy policy.
    await voiceButton(page).click();
    const consent = page.getByRole("dialog", { name: "Innan du pratar med Emma" });
    await expect(consent).toContainText("mikrofon");
    await expect(consent).toContainText("AI-tjänst");
    await expect(consent.getByRole("link", { name: "Läs mer i vår integritetspolicy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expectAccessible(page, "dialog");
    await consent.getByRole("button", { name: "Jag förstår – starta samtalet" }).click();
    await expectStartFailedToast(page, 5_000);
    await Promise.all(scripts);
    expect(sdkScripts).toHaveLength(1);
    expect(sdkScripts[0]).toMatch(/\/assets\/vapi-client-[\w-]+\.js$/);
    expect(await page.evaluate(() => localStorage.getItem("emma.voice.consent"))).not.toBeNull();
  });

  test("POST /call/web carries the public key as bearer and the assistant id; a 401 fails the start quickly", async ({
    page,
  }) => {
    await configured(page);
    const requests = await vapiApi(page, 401, { message: "Invalid Key" });
    await page.goto("/");
    await hydrated(page);
    const started = Date.now();
    await voiceButton(page).click();
    await expectStartFailedToast(page, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);

    const posts = requests.filter((r) => r.method() === "POST");
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post.url()).toBe("https://api.vapi.ai/call/web");
    expect(await post.headerValue("authorization")).toBe(`Bearer ${PUBLIC_KEY}`);
    expect(await post.headerValue("content-type")).toBe("application/json");
    expect(post.postDataJSON()).toEqual({ assistantId: ASSISTANT_ID });
    expect(post.postData()).toBe(JSON.stringify({ assistantId: ASSISTANT_ID }));

    // Back to idle: not stuck in 'connecting', and a second try reaches the API again.
    await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");
    await expect(voiceButton(page)).not.toHaveAttribute("aria-busy", "true");
    await voiceButton(page).click();
    await expect.poll(() => requests.filter((r) => r.method() === "POST").length).toBe(2);
    await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");
  });

  test("a 500 from the API fails the start quickly", async ({ page }) => {
    await configured(page);
    const requests = await vapiApi(page, 500, { message: "Internal Server Error" });
    await page.goto("/");
    await hydrated(page);
    const started = Date.now();
    await voiceButton(page).click();
    await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "true");
    await expectStartFailedToast(page, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requests.map((r) => `${r.method()} ${r.url()}`)).toContain("POST https://api.vapi.ai/call/web");
    await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("group", { name: "Röstsamtal" })).toBeHidden();
  });

  test("a created call whose room cannot be joined (Daily blocked) fails the start, not stuck", async ({ page }) => {
    test.setTimeout(60_000);
    await configured(page);
    await vapiApi(page, 201, {
      id: "call_1",
      webCallUrl: "https://nordlys-test.daily.co/room",
      assistant: { voice: { provider: "11labs" } },
    });
    await page.goto("/");
    await hydrated(page);
    await voiceButton(page).click();
    await expect(page.getByRole("group", { name: "Röstsamtal" })).toContainText("Ansluter…");
    await expectStartFailedToast(page, 40_000);
    await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("configured, microphone denied", () => {
  test("the start fails with the spec's toast and nothing is sent to the API", async ({ page }) => {
    await configured(page);
    const requests = await vapiApi(page, 201, { id: "call_1", webCallUrl: "https://nordlys-test.daily.co/room" });
    await page.goto("/");
    await hydrated(page);
    await voiceButton(page).click();
    await expectStartFailedToast(page, 5_000);
    await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");
    expect(requests).toEqual([]);
  });
});

/**
 * A stand-in for the adapter chunk (it exports createVapiClient like the real one), so a whole
 * call can be walked through in the browser: the real SDK cannot reach a call offline.
 */
const STAND_IN_CHUNK = `
const listeners = new Set();
window.__voiceEmit = (event) => listeners.forEach((l) => l(event));
export function createVapiClient(publicKey) {
  window.__voiceKey = publicKey;
  return {
    async start(assistantId) { window.__voiceAssistant = assistantId; return { ok: true }; },
    async stop() { window.__voiceEmit({ type: "call-end" }); },
    setMuted(muted) { return muted; },
    subscribe(listener) { listeners.add(listener); return () => listeners.delete(listener); },
    destroy() { listeners.clear(); },
  };
}`;

test.describe("a whole call, with a stand-in for the adapter chunk", () => {
  test.use({ permissions: ["microphone"] });

  test("status pill, mute, transcripts into the conversation, end; placed clear of the chat launcher", async ({
    page,
  }) => {
    await configured(page);
    await page.route(/\/assets\/vapi-client-[\w-]+\.js$/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: STAND_IN_CHUNK }),
    );
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await hydrated(page);
    await voiceButton(page).click();
    const pill = page.getByRole("group", { name: "Röstsamtal" });
    await expect(pill).toContainText("Ansluter…");
    await expect
      .poll(() => page.evaluate(() => (window as { __voiceAssistant?: string }).__voiceAssistant))
      .toBe(ASSISTANT_ID);
    expect(await page.evaluate(() => (window as { __voiceKey?: string }).__voiceKey)).toBe(PUBLIC_KEY);

    const emit = (event: object) =>
      page.evaluate((e) => (window as { __voiceEmit?: (e: object) => void }).__voiceEmit?.(e), event);
    await emit({ type: "call-start" });
    await expect(toastList(page)).toContainText("Emma är nu online! 🎙️");
    await expect(pill).toContainText("Emma lyssnar");
    await emit({ type: "speech-start" });
    await expect(pill).toContainText("Emma pratar");
    await emit({ type: "transcript", role: "assistant", text: "Hej, jag är Emma." });
    await emit({ type: "transcript", role: "user", text: "Vad kostar det?" });
    const mute = pill.getByRole("button", { name: "Stäng av mikrofonen" });
    await mute.click();
    await expect(mute).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page, '[role="group"][aria-label="Röstsamtal"]', 'button[aria-label="Röstsamtal med Emma"]');

    // The chat launcher owns the bottom-right corner (right-4, 56 px): the voice widget stays left of it.
    const viewport = page.viewportSize()!;
    const launcherLeft = viewport.width - 16 - 56;
    const button = (await voiceButton(page).boundingBox())!;
    const pillBox = (await pill.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(launcherLeft);
    expect(pillBox.x + pillBox.width).toBeLessThanOrEqual(button.x);
    expect(pillBox.x).toBeGreaterThanOrEqual(0);

    await voiceButton(page).click();
    await expect(toastList(page)).toContainText("Samtalet avslutat");
    await expect(pill).toBeHidden();
    await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("emma.conversation.v1") ?? "[]"));
    expect(stored.map((m: { type: string; text: string; via?: string }) => [m.type, m.text, m.via])).toEqual([
      ["bot", "Hej, jag är Emma.", "voice"],
      ["user", "Vad kostar det?", "voice"],
    ]);
  });
});
