import { expect, hydrated, test } from "./fixtures";
import { configured, emitVoiceEvent, fakeMicrophone, standInChunk, toastList, voiceButton } from "./voice-helpers";

test.use({ ...fakeMicrophone, permissions: ["microphone"] });

// Emma's search tool during a call: the page she answered from reaches the chat's transcript as
// a link (server/routes/call-tools.mjs sends it, vapi-client.ts turns it into a link event after her turn).
test("a simulated call's tool result shows its page link in the transcript", async ({ page }) => {
  await configured(page);
  await standInChunk(page);
  await page.goto("/");
  await hydrated(page);
  await voiceButton(page).click();
  const emit = (event: object) => emitVoiceEvent(page, event);
  await expect.poll(() => page.evaluate(() => (window as { __voiceStarts?: number }).__voiceStarts)).toBe(1);
  await emit({ type: "call-start" });
  await expect(toastList(page)).toContainText("Emma är nu online! 🎙️");

  await emit({ type: "transcript", role: "user", text: "Var ligger ert kontor?" });
  await emit({ type: "transcript", role: "assistant", text: "Vi finns i Stockholm." });
  await emit({ type: "link", text: "[Läs mer: Kontakt](/#contact)" });

  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  const transcript = page.getByRole("dialog", { name: "Emma" }).getByRole("log", { name: "Konversation med Emma" });
  const link = transcript.getByRole("link", { name: "Läs mer: Kontakt" });
  await expect(link).toHaveAttribute("href", "/#contact");
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("emma.conversation.v1") ?? "[]"));
  expect(stored.map((m: { type: string; text: string; via?: string }) => [m.type, m.text, m.via])).toEqual([
    ["user", "Var ligger ert kontor?", "voice"],
    ["bot", "Vi finns i Stockholm.", "voice"],
    ["bot", "[Läs mer: Kontakt](/#contact)", undefined],
  ]);
});
