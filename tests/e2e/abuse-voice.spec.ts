import type { Page, Request } from "@playwright/test";
import { canary, payloads } from "./abuse-payloads";
import { expect, forEachCase, forgetStorage, hydrated, test } from "./fixtures";
import { fakeMicrophone, PUBLIC_KEY, statusPill, toastList, VAPI_CALL, voiceButton } from "./voice-helpers";

// A fake microphone, so the voice cases get as far as the request to Vapi; only the full Chromium
// has one (decision 056), so these have a file of their own.
test.use(fakeMicrophone);

/** What the voice setup stored: [public key, assistant id]. */
async function storedVoiceSettings(page: Page) {
  return page.evaluate(() => [
    localStorage.getItem("emma.voice.publicKey"),
    localStorage.getItem("emma.voice.assistantId"),
  ]);
}

// All the payloads in one test, each from a first visit (storage cleared) in one warm browser
// context: a context and a cold load of the voice SDK per payload cost more than the checks.
test("bad input: voice setup stores it trimmed, and Vapi gets exactly what is stored", async ({
  page,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(["microphone"]);
  // The request is held, never answered: what matters is what it carries (and an answer would log).
  const calls: Request[] = [];
  await page.route("https://api.vapi.ai/**", (route) => void calls.push(route.request()));
  await forEachCase(
    payloads,
    (name) => `bad input (${name})`,
    async (payload) => {
      calls.length = 0;
      await forgetStorage(page);
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("button", { name: "Konfigurera röstsamtal med Emma" }).click();
      const dialog = page.getByRole("dialog", { name: "Emma Röst Setup" });
      const keyField = dialog.getByLabel("Publik API-nyckel");
      const idField = dialog.getByLabel("Assistant ID");
      await keyField.fill(payload);
      await idField.fill(payload);
      const typedKey = (await keyField.inputValue()).trim();
      const typedId = (await idField.inputValue()).trim();
      await dialog.getByRole("button", { name: "Spara" }).click();

      // The key is a bearer token (visible ASCII only): any other is refused with the reason, and
      // nothing is stored. The assistant id is free text, kept as typed.
      let key = typedKey;
      if (!/^[\x21-\x7E]+$/.test(typedKey)) {
        await expect(toastList(page)).toContainText("Ogiltig API-nyckel");
        await expect(keyField).toHaveAttribute("aria-invalid", "true");
        await expect(keyField).toHaveAccessibleDescription(/Nyckeln kan bara innehålla tecknen A–Z/);
        await expect(idField).not.toHaveAttribute("aria-invalid");
        expect(await storedVoiceSettings(page)).toEqual([null, null]);
        key = PUBLIC_KEY;
        await keyField.fill(` ${key} `);
        await dialog.getByRole("button", { name: "Spara" }).click();
      }
      await expect(toastList(page)).toContainText("Konfiguration sparad! ✅");
      await expect(dialog).toBeHidden();
      expect(await storedVoiceSettings(page)).toEqual([key, typedId]);

      // Shown back as stored, as text in the fields.
      await page.getByRole("button", { name: "Röstinställningar" }).click();
      await expect(dialog.getByLabel("Publik API-nyckel")).toHaveValue(key);
      await expect(dialog.getByLabel("Assistant ID")).toHaveValue(typedId);
      await dialog.getByRole("button", { name: "Avbryt" }).click();

      await voiceButton(page).click();
      await page.getByRole("button", { name: "Jag förstår – starta samtalet" }).click();
      await expect.poll(() => calls.length).toBe(1);
      const call = calls[0]!;
      expect(`${call.method()} ${call.url()}`).toBe(`POST ${VAPI_CALL}`);
      expect(await call.headerValue("authorization")).toBe(`Bearer ${key}`);
      expect(call.postDataJSON()).toEqual({ assistantId: typedId });
      // Cancelled while it connects: back to idle.
      await voiceButton(page).click();
      await expect(statusPill(page)).toBeHidden();
      await expect(voiceButton(page)).toHaveAttribute("aria-pressed", "false");

      expect(await canary(page)).toBeUndefined();
      expect(consoleErrors).toEqual([]);
    },
  );
});
