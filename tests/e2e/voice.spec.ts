import type { Page } from "@playwright/test";
import { axeScan, describeViolations } from "./axe";
import { expect, hydrated, test } from "./fixtures";
import {
  ASSISTANT_ID,
  configured,
  emitVoiceEvent,
  expectStartFailedToast,
  fakeMicrophone,
  PUBLIC_KEY,
  standInChunk,
  toastList,
  vapiApi,
  voiceButton,
} from "./voice-helpers";

/**
 * The voice widget with the real Vapi SDK. Nothing leaves the machine: the fixtures abort the
 * outside hosts (Daily's included), and each test routes https://api.vapi.ai itself. What goes
 * wrong (API errors, a room that cannot be joined, the microphone, the SDK chunk, the platform
 * ending the call) is in the fault suite, faults*.emailjs.spec.ts.
 */
/** A string only the SDK's code contains. */
const SDK_MARKER = "Assistant or Squad or Workflow must be provided";

// Axe and the SDK's download make these slower than a page check on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

test.use(fakeMicrophone);

/** No axe violations inside the given parts of the page (the widget, not the rest of the site). */
async function expectAccessible(page: Page, ...selectors: string[]) {
  expect(describeViolations(await axeScan(page, selectors))).toEqual([]);
}

test.describe("unconfigured", () => {
  test("the setup asks for both fields, trims them and stores each under its own key", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Konfigurera röstsamtal med Emma" }).click();
    const dialog = page.getByRole("dialog", { name: "Emma Röst Setup" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Publik API-nyckel")).toBeFocused();
    // The key's hint reads as a sentence under the field, from its left edge.
    const leftOf = (l: import("@playwright/test").Locator) => l.evaluate((e) => e.getBoundingClientRect().left);
    expect(await leftOf(dialog.getByText("Den publika nyckeln, aldrig den privata."))).toBe(
      await leftOf(dialog.getByLabel("Publik API-nyckel")),
    );

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
    await expectStartFailedToast(page);
    await Promise.all(scripts);
    expect(sdkScripts).toHaveLength(1);
    expect(sdkScripts[0]).toMatch(/\/assets\/vapi-client-[\w-]+\.js$/);
    expect(await page.evaluate(() => localStorage.getItem("emma.voice.consent"))).not.toBeNull();
  });
});

test.describe("a whole call, with a stand-in for the adapter chunk", () => {
  test.use({ permissions: ["microphone"] });

  test("status pill, mute, transcripts into the conversation, end; placed clear of the chat launcher", async ({
    page,
  }) => {
    await configured(page);
    await standInChunk(page);
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

    const emit = (event: object) => emitVoiceEvent(page, event);
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
