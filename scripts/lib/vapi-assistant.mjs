import { VapiApiError, createVapiApi, DEFAULT_VAPI_API_URL } from "../../server/adapters/vapi-api.mjs";
import { functionTools, toolDefinitions } from "../../server/emma/tool-definitions.mjs";

// Emma's Vapi assistant as `npm run vapi:assistant` creates or updates it (decision 024).

/** Marks the assistant this script manages, so a second run finds it instead of making another. */
export const MANAGED_BY = "emma-ai-site";
const MODEL = { provider: "openai", model: "gpt-4o", temperature: 0.3, maxTokens: 250 };
const TRANSCRIBER = { provider: "deepgram", model: "nova-2", language: "sv" };
const VOICE = { provider: "azure", voiceId: "sv-SE-SofieNeural" };
/** What the browser needs during a call: the transcript and the search tool's page link. */
export const CLIENT_MESSAGES = [
  "transcript",
  "tool-calls-result",
  "speech-update",
  "status-update",
  "conversation-update",
  "hang",
  "user-interrupted",
];
export const SERVER_MESSAGES = ["tool-calls", "end-of-call-report"];

/**
 * The assistant's body for POST and PATCH /assistant.
 * @param {{ copy: any, prompt: string, siteUrl: string, secret: string, booking?: any }} input
 *   copy: callAssistantCopy (app/content/voice-assistant.ts); prompt: emmaVoicePrompt(); booking:
 *   bookingCopy.voice (app/content/booking.ts), the free meeting's two tools and their rule
 */
export function assistantBody({ copy, prompt, siteUrl, secret, booking }) {
  const server = {
    url: `${siteUrl.replace(/\/+$/, "")}/api/vapi`,
    timeoutSeconds: 20,
    headers: { Authorization: `Bearer ${secret}` },
  };
  const tools = functionTools(toolDefinitions({ call: copy, booking }), "voice").map((t) => ({ ...t, server }));
  const system = booking ? `${prompt} ${booking.rule}` : prompt;
  return {
    name: copy.name,
    firstMessage: copy.firstMessage,
    firstMessageMode: "assistant-speaks-first",
    model: { ...MODEL, messages: [{ role: "system", content: system }], tools },
    transcriber: TRANSCRIBER,
    voice: VOICE,
    server,
    serverMessages: SERVER_MESSAGES,
    clientMessages: CLIENT_MESSAGES,
    analysisPlan: {
      summaryPlan: {
        enabled: true,
        messages: [
          { role: "system", content: copy.summaryPrompt },
          { role: "user", content: "{{transcript}}" },
        ],
      },
    },
    artifactPlan: { recordingEnabled: false },
    metadata: { managedBy: MANAGED_BY },
  };
}

/** A failure the operator can act on, said in one line. */
export class ProvisionError extends Error {
  name = "ProvisionError";
}

/** @param {Record<string, string | undefined>} env */
export function checkEnv(env, siteUrl) {
  const privateKey = env.VAPI_PRIVATE_KEY?.trim();
  if (!privateKey) {
    throw new ProvisionError(
      "VAPI_PRIVATE_KEY is not set: put the private key from Vapi's dashboard (API Keys) in .env.",
    );
  }
  const secret = env.VAPI_SERVER_SECRET?.trim();
  if (!secret) {
    throw new ProvisionError(
      "VAPI_SERVER_SECRET is not set: choose a long random value (e.g. openssl rand -hex 32) for .env and the server.",
    );
  }
  let url;
  try {
    url = new URL(siteUrl);
  } catch {
    url = null;
  }
  if (url?.protocol !== "https:") {
    throw new ProvisionError(
      `The site URL must be an https:// address Vapi can reach, not "${siteUrl}": set VITE_SITE_URL to the public site.`,
    );
  }
  return { privateKey, secret, baseUrl: env.VAPI_API_URL?.trim() || DEFAULT_VAPI_API_URL };
}

/**
 * Creates Emma's assistant, or updates the one this script made before (the id in
 * VITE_VAPI_ASSISTANT_ID, else the one marked as ours). Throws ProvisionError.
 * @param {{ env: Record<string, string | undefined>, copy: any, prompt: string, siteUrl: string, fetch?: typeof fetch,
 *   booking?: any }} input
 * @returns {Promise<{ id: string, action: "created" | "updated" }>}
 */
export async function provisionAssistant({ env, copy, prompt, siteUrl, fetch, booking }) {
  const { privateKey, secret, baseUrl } = checkEnv(env, siteUrl);
  const api = createVapiApi({ privateKey, baseUrl, fetch });
  const body = assistantBody({ copy, prompt, siteUrl, secret, booking });
  try {
    const knownId = env.VITE_VAPI_ASSISTANT_ID?.trim();
    let existing = knownId ? await api.getAssistant(knownId) : null;
    existing ??= (await api.listAssistants()).find((a) => a?.metadata?.managedBy === MANAGED_BY) ?? null;
    if (existing?.id) {
      await api.updateAssistant(existing.id, body);
      return { id: existing.id, action: "updated" };
    }
    const created = await api.createAssistant(body);
    if (typeof created?.id !== "string") throw new ProvisionError("Vapi created the assistant but sent no id back.");
    return { id: created.id, action: "created" };
  } catch (error) {
    if (!(error instanceof VapiApiError)) throw error;
    if (error.kind === "auth") {
      throw new ProvisionError(
        `Vapi refused VAPI_PRIVATE_KEY (HTTP ${error.status}): use the private key from the dashboard, not the public one.`,
      );
    }
    if (error.kind === "unreachable") {
      throw new ProvisionError(`Vapi is unreachable: ${error.message}; check the network or VAPI_API_URL.`);
    }
    throw new ProvisionError(`Vapi did not take the assistant: ${error.message}`);
  }
}
