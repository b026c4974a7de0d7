import type { Page, Route } from "@playwright/test";
import { hydrated } from "./fixtures";

export const AI_URL = "https://api.openai.com/v1/chat/completions";

export async function openChat(page: Page, path = "/") {
  await page.goto(path);
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  const panel = page.getByRole("dialog", { name: "Emma" });
  await panel.getByRole("textbox", { name: "Din fråga till Emma" }).waitFor();
  return panel;
}

export async function saveKey(page: Page, key = "sk-test-123") {
  const panel = page.getByRole("dialog", { name: "Emma" });
  await panel.getByRole("button", { name: "Inställningar" }).click();
  await panel.getByPlaceholder("API-nyckel...").fill(key);
  await panel.getByRole("button", { name: "Spara", exact: true }).click();
  await page.getByText("Sparat!").first().waitFor();
  await panel.getByRole("button", { name: "Inställningar" }).click();
}

/** Saves a visitor's EmailJS config in the open chat's settings, then folds the settings away. */
export async function saveMailConfig(
  page: Page,
  { serviceId = "service_v", templateId = "template_v", publicKey = "pk_v" } = {},
) {
  const panel = page.getByRole("dialog", { name: "Emma" });
  await panel.getByRole("button", { name: "Inställningar" }).click();
  await panel.getByPlaceholder("Service ID").fill(serviceId);
  await panel.getByPlaceholder("Template ID").fill(templateId);
  await panel.getByPlaceholder("Public Key").fill(publicKey);
  await panel.getByRole("button", { name: "Spara EmailJS-konfiguration" }).click();
  await page.getByText("Sparat!").first().waitFor();
  await panel.getByRole("button", { name: "Inställningar" }).click();
}

/**
 * Past the lead form's second after a trigger word (LEAD_FORM_DELAY_MS, trigger-words.ts), on the
 * page's fake clock (installed before the page loaded).
 */
export async function pastLeadFormDelay(page: Page) {
  await page.clock.fastForward(1_000);
}

export async function ask(page: Page, text: string) {
  const input = page.getByRole("dialog", { name: "Emma" }).getByRole("textbox", { name: "Din fråga till Emma" });
  await input.fill(text);
  await input.press("Enter");
}

export function sseBody(...tokens: string[]) {
  return (
    tokens.map((t) => `data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`).join("") +
    "data: [DONE]\n\n"
  );
}

export function fulfillStream(route: Route, ...tokens: string[]) {
  return route.fulfill({ status: 200, headers: { "content-type": "text/event-stream" }, body: sseBody(...tokens) });
}

/** Routes the AI host and records every request made to it. */
export async function recordAi(page: Page, handler: (route: Route) => Promise<void> | void) {
  const requests: {
    url: string;
    headers: Record<string, string>;
    body: { messages: { role: string; content: string }[] } & Record<string, unknown>;
  }[] = [];
  await page.route(AI_URL, async (route) => {
    const r = route.request();
    requests.push({ url: r.url(), headers: await r.allHeaders(), body: r.postDataJSON() });
    await handler(route);
  });
  return requests;
}
